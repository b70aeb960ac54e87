/**
 * tools/call throughput of the MCP server next to a bare Elysia + bun:sqlite endpoint doing the
 * same query, measured in the same run on the same 1,000-employee demo tenant.
 *
 *   bun scripts/bench-mcp.ts [--seconds 5] [--concurrency 32]
 *
 * Both servers run as separate processes (the real `workforce serve`, and this script with
 * --bare); this process only generates load. The MCP side is a full tools/call of list_employees
 * (page 1, 20 per page): key authentication, plan and role checks, rate limiting, argument
 * parsing, the queries, output validation, the text copy, and the tool-call record. Baseline: a
 * bare Elysia + bun:sqlite endpoint that runs the same SQL (page, total, teams, clocked-in) and
 * answers the same JSON-RPC shape. The per-key MCP limit is raised (WORKFORCE_MCP_RATE_LIMIT_MINUTE)
 * so the load measures the tool, not `rate_limited` answers; any error answer (HTTP status, isError,
 * JSON-RPC error) is counted and makes the script exit non-zero.
 */
import { Database } from 'bun:sqlite'
import { Elysia } from 'elysia'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../src/kernel/config'
import { transaction } from '../src/kernel/db'
import { newId } from '../src/kernel/ids'
import { silentLogger } from '../src/kernel/log'
import { openRuntime } from '../src/runtime'
import { createTenant } from '../src/modules/tenants/create-tenant'
import { ensurePublicDemoKey } from '../src/modules/api-keys/public-demo-key'
import { insertUser } from '../src/modules/users/queries'
import { addMembership, insertTeam } from '../src/modules/teams/queries'
import { timeLogs } from '../src/db/schema'

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '32' },
    employees: { type: 'string', default: '1000' },
    bare: { type: 'string' },
    sdk: { type: 'string' },
  },
})

/** The same SQL list_employees runs (page, total, teams, clocked-in) on bun:sqlite, nothing else. */
function employeesQuery(dataDir: string) {
  const db = new Database(join(dataDir, 'workforce.db'), { readonly: true })
  const page = db.query(
    `select id, name, email, role, status, job_title, primary_team_id from users where tenant_id = ? and status != 'deactivated' order by name, id limit ? offset ?`,
  )
  const total = db.query(`select count(*) as n from users where tenant_id = ? and status != 'deactivated'`)
  const tenantId = (db.query('select id from tenants where is_demo = 1 order by id limit 1').get() as { id: number }).id
  return (p: number, page_size: number) => {
    const rows = page.all(tenantId, page_size, (p - 1) * page_size) as { id: string; primary_team_id: string | null }[]
    const ids = rows.map((r) => r.id)
    const marks = ids.map(() => '?').join(',')
    const open = new Set(
      (
        db.query(`select user_id from time_logs where tenant_id = ? and clock_out_at is null and user_id in (${marks})`).all(tenantId, ...ids) as {
          user_id: string
        }[]
      ).map((r) => r.user_id),
    )
    const teamIds = [...new Set(rows.flatMap((r) => (r.primary_team_id ? [r.primary_team_id] : [])))]
    const teams = new Map(
      (
        db.query(`select id, name from teams where tenant_id = ? and id in (${teamIds.map(() => '?').join(',')})`).all(tenantId, ...teamIds) as {
          id: string
          name: string
        }[]
      ).map((t) => [t.id, t.name]),
    )
    const n = (total.get(tenantId) as { n: number }).n
    const employees = rows.map((r) => ({ ...r, team_name: r.primary_team_id ? (teams.get(r.primary_team_id) ?? null) : null, is_clocked_in: open.has(r.id) }))
    return { result: { employees, total: n, page: p } }
  }
}

/** The bare endpoint: Elysia + bun:sqlite answering the same JSON-RPC body with the same query. */
function bareServer(dataDir: string) {
  const query = employeesQuery(dataDir)
  const app = new Elysia().post('/bench', ({ body }) => {
    const { page_size = 20, page: p = 1 } = (body as { params: { arguments: { page_size?: number; page?: number } } }).params.arguments
    return { jsonrpc: '2.0', id: 1, result: { structuredContent: query(p, page_size) } }
  })
  app.listen({ hostname: '127.0.0.1', port: 0, development: false })
  console.log(`bare listening on ${app.server!.port}`)
}

/**
 * For comparison: the SDK's low-level Server with WebStandardStreamableHTTPServerTransport mounted
 * in Elysia (stateless JSON mode, a server and transport per request as the SDK's stateless
 * example does), answering tools/call with the same query and no auth or validation.
 */
async function sdkServer(dataDir: string) {
  const { Server } = await import('@modelcontextprotocol/sdk/server/index.js')
  const { WebStandardStreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')
  const { CallToolRequestSchema } = await import('@modelcontextprotocol/sdk/types.js')
  const query = employeesQuery(dataDir)
  const app = new Elysia().post(
    '/bench',
    async ({ request }) => {
      const server = new Server({ name: 'sdk-bench', version: '1.0.0' }, { capabilities: { tools: {} } })
      server.setRequestHandler(CallToolRequestSchema, async (req) => {
        const args = (req.params.arguments ?? {}) as { page?: number; page_size?: number }
        const structured = query(args.page ?? 1, args.page_size ?? 20)
        return { content: [{ type: 'text' as const, text: JSON.stringify(structured) }], structuredContent: structured }
      })
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
      await server.connect(transport)
      return transport.handleRequest(request)
    },
    { parse: 'none' },
  )
  app.listen({ hostname: '127.0.0.1', port: 0, development: false })
  console.log(`sdk listening on ${app.server!.port}`)
}

/** A demo tenant with N people in 20 teams, a third of them clocked in, built by direct inserts. */
function buildData(dataDir: string, employees: number): void {
  const rt = openRuntime(loadConfig({ dataDir, logLevel: 'silent' }), silentLogger)
  const now = Date.now()
  const { tenant, owner } = createTenant(
    rt.db,
    {
      name: 'Bench Logistics (demo)',
      planId: 'business',
      timezone: 'Europe/Berlin',
      isDemo: true,
      owner: { name: 'Olivia Owner', email: 'owner@bench.example' },
    },
    now,
  )
  transaction(rt.db, (tx) => {
    const c = { tenant, db: tx, now }
    const teams = Array.from({ length: 20 }, (_, i) => insertTeam(c, { id: newId(), name: `Team ${String(i + 1).padStart(2, '0')}` }))
    for (let i = 1; i < employees; i++) {
      const team = teams[i % teams.length]!
      const user = insertUser(c, {
        id: newId(),
        name: `Employee ${String(i).padStart(4, '0')}`,
        email: `e${i}@bench.example`,
        role: i % 25 === 0 ? 'manager' : 'employee',
        status: 'active',
        primaryTeamId: team.id,
        createdAt: now,
        activatedAt: now,
      })
      addMembership(c, { teamId: team.id, userId: user.id, roleInTeam: 'member' })
      if (i % 3 === 0)
        tx.insert(timeLogs)
          .values({ id: newId(), tenantId: tenant.id, userId: user.id, clockInAt: now - 3_600_000, status: 'open', source: 'seed', createdAt: now })
          .run()
    }
    ensurePublicDemoKey(c, rt.secret, { userId: owner.id, role: 'admin' })
  })
  rt.close()
}

async function spawnAndWait(
  cmd: string[],
  pattern: RegExp,
  readyWhen = '',
): Promise<{ proc: ReturnType<typeof Bun.spawn>; match: RegExpExecArray; output: () => string }> {
  const proc = Bun.spawn(cmd, {
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn', WORKFORCE_MCP_RATE_LIMIT_MINUTE: '100000000' },
  })
  let out = ''
  void (async () => {
    for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) out += new TextDecoder().decode(chunk)
  })()
  const deadline = Date.now() + 60_000
  for (;;) {
    const m = pattern.exec(out)
    if (m && out.includes(readyWhen)) return { proc, match: m, output: () => out }
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`did not start: ${cmd.join(' ')}\n${out}`)
    await Bun.sleep(50)
  }
}

interface Result {
  rps: number
  p50: number
  p99: number
  errors: number
}

async function load(
  url: string,
  headers: Record<string, string>,
  body: string,
  seconds: number,
  concurrency: number,
  check: (text: string) => boolean,
): Promise<Result> {
  const latencies: number[] = []
  let errors = 0
  const run = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const t0 = performance.now()
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body,
      })
      const text = await res.text()
      if (!record) continue
      latencies.push(performance.now() - t0)
      if (res.status !== 200 || !check(text)) errors++
    }
  }
  const warm = performance.now() + 1000
  await Promise.all(Array.from({ length: concurrency }, () => run(warm, false)))
  const start = performance.now()
  const end = start + seconds * 1000
  await Promise.all(Array.from({ length: concurrency }, () => run(end, true)))
  const elapsed = (performance.now() - start) / 1000
  latencies.sort((a, b) => a - b)
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0
  return { rps: latencies.length / elapsed, p50: q(0.5), p99: q(0.99), errors }
}

async function main() {
  if (opts.bare) return bareServer(opts.bare)
  if (opts.sdk) return sdkServer(opts.sdk)
  const seconds = Number(opts.seconds)
  const concurrency = Number(opts.concurrency)
  const dataDir = mkdtempSync(join(tmpdir(), 'wf-bench-'))
  const root = join(import.meta.dir, '..')
  try {
    const t0 = performance.now()
    buildData(dataDir, Number(opts.employees))
    console.log(`data: ${opts.employees} employees in ${Math.round(performance.now() - t0)} ms`)
    const mcp = await spawnAndWait(
      ['bun', join(root, 'src/main.ts'), 'serve', '--port', '0', '--data', dataDir, '--no-jobs'],
      /listening on http:\/\/[^:]+:(\d+)/,
      '"Authorization"',
    )
    const key = /Public demo key \(read-only\): (\S+)/.exec(mcp.output())![1]!
    const bare = await spawnAndWait(['bun', join(root, 'scripts/bench-mcp.ts'), '--bare', dataDir], /bare listening on (\d+)/)
    const sdk = await spawnAndWait(['bun', join(root, 'scripts/bench-mcp.ts'), '--sdk', dataDir], /sdk listening on (\d+)/)
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_employees', arguments: { page: 1, page_size: 20 } } })
    const mcpUrl = `http://127.0.0.1:${mcp.match[1]}/api/mcp/v1`
    const bareUrl = `http://127.0.0.1:${bare.match[1]}/bench`
    const sdkUrl = `http://127.0.0.1:${sdk.match[1]}/bench`
    // An MCP failure is HTTP 200: a tool error (isError) or a JSON-RPC error object is an error answer too.
    const okMcp = (text: string) => text.includes(`"total":${opts.employees}`) && !text.includes('"isError":true') && !/"error"\s*:\s*\{/.test(text)
    const okBare = (text: string) => text.includes(`"total":${opts.employees}`)
    console.log(`load: ${concurrency} concurrent clients, ${seconds} s per run after 1 s warm-up, two alternating rounds\n`)
    type Round = { bare: Result; mcp: Result; sdk: Result }
    const rounds: Round[] = []
    for (let i = 0; i < 2; i++) {
      const b = await load(bareUrl, {}, body, seconds, concurrency, okBare)
      const m = await load(mcpUrl, { authorization: `Bearer ${key}` }, body, seconds, concurrency, okMcp)
      const k = await load(sdkUrl, {}, body, seconds, concurrency, okBare)
      rounds.push({ bare: b, mcp: m, sdk: k })
    }
    const best = (pick: (r: Round) => Result) => rounds.map(pick).sort((a, b) => b.rps - a.rps)[0]!
    const row = (name: string, r: Result) =>
      console.log(
        `${name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms   errors ${r.errors}`,
      )
    for (const [i, r] of rounds.entries()) {
      row(`round ${i + 1}: baseline, bare same SQL`, r.bare)
      row(`round ${i + 1}: MCP tools/call list_employees`, r.mcp)
      row(`round ${i + 1}: SDK transport, same query`, r.sdk)
    }
    const b = best((r) => r.bare)
    const m = best((r) => r.mcp)
    const k = best((r) => r.sdk)
    console.log(
      `\nbest of rounds: MCP ${m.rps.toFixed(0)} req/s vs baseline (bare Elysia + bun:sqlite, same SQL) ${b.rps.toFixed(0)} req/s = ${((100 * m.rps) / b.rps).toFixed(0)}% (target >= 50%)`,
    )
    console.log(`SDK transport with the same query (no auth, no validation): ${k.rps.toFixed(0)} req/s = ${((100 * k.rps) / b.rps).toFixed(0)}% of bare`)
    for (const p of [mcp.proc, bare.proc, sdk.proc]) p.kill()
    await Promise.all([mcp.proc.exited, bare.proc.exited, sdk.proc.exited])
    const errors = rounds.reduce((n, r) => n + r.bare.errors + r.mcp.errors + r.sdk.errors, 0)
    if (errors > 0) {
      console.error(
        `${errors} error answer(s) (HTTP status other than 200, isError, JSON-RPC error or a wrong total): the figures above are not of the path they name`,
      )
      process.exitCode = 1
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
