/**
 * An A/B of the product's code: the server CPU per request of one read, for two or more checkouts
 * of this repository (git worktrees), served by ONE process on the bench's cached tenant.
 *
 *   git worktree add /tmp/wf-b HEAD && ln -s "$PWD/node_modules" /tmp/wf-b/node_modules   # then edit /tmp/wf-b
 *   bun scripts/compare-checkouts.ts --path /api/v1/tasks . /tmp/wf-b [/tmp/wf-c …]
 *   bun scripts/compare-checkouts.ts --only summarize_team_hours . /tmp/wf-b
 *                                    [--rounds 12] [--requests 8000] [--connections 32]
 *
 * --path: any REST GET of the REST token; --only: a read of scripts/bench/endpoints.ts (an MCP tool
 * call with its arguments, or a REST path), as scripts/profile-read.ts takes it.
 *
 * Why one process: on a shared VM the CPU a request costs drifts 1.5-2x within minutes, and two
 * server processes measured one after the other disagree by ±15% with identical code. Here each
 * checkout's modules are imported into the same process (each its own HTTP app on its own port and
 * its own copy of the data) and the checkouts are loaded in turn, in alternating order, round after
 * round: they share the machine's state, and the same code twice agrees within ~1%. Elysia and
 * every other dependency are one module instance for all (the checkouts' node_modules resolve to
 * the same files); only src/ differs. The figure is the median over rounds of each checkout's CPU
 * per request relative to the first checkout's in the same round.
 *
 * A tool for deciding whether a change is worth keeping, not one of the issue's measurements (those
 * are scripts/bench*.ts, against a bare endpoint). Server on CPU 0, this script on CPU 1 (taskset).
 */
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ENDPOINTS, MCP_HEADERS, toolCall } from './bench/endpoints'
import { median } from './bench/load'
import { cpuMs, pinToCpu1, RATE_LIMITS_RAISED } from './bench/processes'
import { type Seeded, seeded, workingCopy } from './bench/seed'

const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    path: { type: 'string' },
    only: { type: 'string' },
    rounds: { type: 'string', default: '12' },
    requests: { type: 'string', default: '8000' },
    connections: { type: 'string', default: '32' },
    serve: { type: 'string' },
  },
})

/** The server side (`--serve CONFIG`): one HTTP app per checkout, each from its own src/. */
async function serve(configFile: string): Promise<void> {
  const cfg = JSON.parse(await Bun.file(configFile).text()) as { dirs: string[]; data: string[] }
  const ports: number[] = []
  for (const [i, dir] of cfg.dirs.entries()) {
    const { loadConfig } = (await import(join(dir, 'src/kernel/config.ts'))) as typeof import('../src/kernel/config')
    const { silentLogger } = (await import(join(dir, 'src/kernel/log.ts'))) as typeof import('../src/kernel/log')
    const { openRuntime } = (await import(join(dir, 'src/runtime.ts'))) as typeof import('../src/runtime')
    const { createHttpApp } = (await import(join(dir, 'src/surfaces/http.ts'))) as typeof import('../src/surfaces/http')
    const rt = openRuntime(loadConfig({ dataDir: cfg.data[i]!, logLevel: 'warn' }), silentLogger)
    const app = createHttpApp(rt).listen({ port: 0, hostname: '127.0.0.1' })
    ports.push(app.server!.port!)
  }
  console.log(`SERVING ${JSON.stringify(ports)}`)
}

async function compare(): Promise<void> {
  const dirs = positionals.map((d) => resolve(d))
  if (dirs.length < 2) throw new Error('name two or more checkouts (the first is the reference)')
  if (new Set(dirs).size !== dirs.length) throw new Error('each checkout once: the same directory twice would share its modules')
  const { onCpu0 } = await pinToCpu1(import.meta.path)
  const [rounds, requests, connections] = [Number(opt.rounds), Number(opt.requests), Number(opt.connections)]
  const seed = await seeded(1000, 2, 65, (s) => console.log(s))
  const copies = dirs.map(() => workingCopy(seed))
  const configFile = join(tmpdir(), `compare-checkouts-${process.pid}.json`)
  writeFileSync(configFile, JSON.stringify({ dirs, data: copies.map((c) => c.dir) }))
  const server = Bun.spawn(onCpu0(['bun', import.meta.path, '--serve', configFile]), {
    env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn', ...RATE_LIMITS_RAISED },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  try {
    const ports = await serving(server.stdout)
    const bases = ports.map((p) => `http://127.0.0.1:${p}`)
    const { label, path, init } = await readRequest(seed, bases[0]!)
    const measure = async (base: string, n: number): Promise<number> => {
      const cpu0 = cpuMs(server.pid)
      let left = n
      let failed = ''
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (left-- > 0) {
            const res = await fetch(base + path, init)
            const text = await res.text()
            if (res.status !== 200 || text.includes('"isError":true')) failed ||= `HTTP ${res.status}: ${text.slice(0, 200)}`
          }
        }),
      )
      if (failed) throw new Error(`${base}${path}: ${failed}`)
      return ((cpuMs(server.pid) - cpu0) / n) * 1000
    }
    // Warm-up: every checkout's path through the JIT's tiers (~30,000 requests each) before any count.
    for (let w = 0; w < 3; w++) for (const b of bases) await measure(b, 10_000)
    const cpu = bases.map(() => [] as number[])
    for (let r = 0; r < rounds; r++) {
      const order = bases.map((_, i) => i)
      if (r % 2) order.reverse()
      for (const i of order) cpu[i]!.push(await measure(bases[i]!, requests))
    }
    console.log(`\n${label}: ${rounds} rounds of ${requests} requests a checkout, ${connections} connections, one server process`)
    console.log('baseline: the first checkout, in the same rounds\n')
    console.log('| checkout | server CPU µs/request (median) | / first (median of per-round ratios) | per round |')
    console.log('|---|---|---|---|')
    for (const [i, dir] of dirs.entries()) {
      const ratio = i === 0 ? '1' : median(cpu[i]!.map((x, r) => x / cpu[0]![r]!)).toFixed(3)
      console.log(`| ${dir} | ${median(cpu[i]!).toFixed(1)} | ${ratio} | ${cpu[i]!.map((x) => x.toFixed(0)).join(' ')} |`)
    }
  } finally {
    server.kill()
    await server.exited
    for (const c of copies) c.remove()
    rmSync(configFile, { force: true })
  }
}

/** The ports the server prints once every checkout's app listens. */
async function serving(stdout: ReadableStream<Uint8Array>): Promise<number[]> {
  const reader = stdout.getReader()
  let out = ''
  for (;;) {
    const m = /SERVING (\[.*\])/.exec(out)
    if (m) {
      void (async () => {
        while (!(await reader.read()).done);
      })()
      return JSON.parse(m[1]!) as number[]
    }
    const { value, done } = await reader.read()
    if (done) throw new Error(`the server exited before it listened:\n${out}`)
    out += new TextDecoder().decode(value)
  }
}

/** The request to time: --path (a REST GET) or --only (a read of the bench's endpoints). */
async function readRequest(seed: Seeded, base: string): Promise<{ label: string; path: string; init: RequestInit }> {
  const rest = { headers: { authorization: `Bearer ${seed.restToken}` } }
  const endpoint = ENDPOINTS.find((e) => e.name === opt.only)
  if (opt.only !== undefined && endpoint?.kind === 'mcp') {
    const init = { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${seed.mcpKey}` }, body: toolCall(endpoint.tool, endpoint.args) }
    return { label: endpoint.label, path: '/api/mcp/v1', init }
  }
  if (opt.only !== undefined && endpoint?.kind !== 'rest') {
    const names = ENDPOINTS.filter((e) => e.kind === 'mcp' || e.kind === 'rest').map((e) => e.name)
    throw new Error(`--only: one read of scripts/bench/endpoints.ts (${names.join(', ')})`)
  }
  const path = endpoint?.kind === 'rest' ? endpoint.path : (opt.path ?? '/api/v1/tasks')
  return { label: `GET ${path}`, path: await fillTeam(path, base, rest), init: rest }
}

/** `{team_id}` in the path: the tenant's first team. */
async function fillTeam(path: string, base: string, auth: RequestInit): Promise<string> {
  if (!path.includes('{team_id}')) return path
  const teams = (await (await fetch(`${base}/api/v1/teams?page_size=1`, auth)).json()) as { data: { id: string }[] }
  return path.replaceAll('{team_id}', teams.data[0]!.id)
}

if (opt.serve) await serve(opt.serve)
else await compare()
