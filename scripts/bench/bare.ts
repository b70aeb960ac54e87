/**
 * The bare side of scripts/bench.ts: `bun scripts/bench/bare.ts CONFIG.json`.
 *
 * 1. Records, in this process, the SQL statements (text, method, bound values, per connection) of
 *    one warm request of each read endpoint in the product (the HTTP app in-process over the same
 *    data directory), and the product's answer; then closes the product.
 * 2. Serves on its own two connections opened with the product's pragmas (kernel/db.ts
 *    openDatabase; synchronous=FULL for the main one), nothing else of the product:
 *    - GET  /rest/<name>: replays the answer's statements of the main connection with the same
 *      values, then JSON.stringify of the product's answer (parsed once at start).
 *    - POST /mcp/<name>: parses the JSON-RPC body, replays the statements, answers
 *      {jsonrpc, id, result} with the tool result's text re-serialized from its structuredContent.
 *    - POST /sdk/<name>: the official MCP SDK (Server + WebStandardStreamableHTTPServerTransport,
 *      stateless JSON mode, one per request as the SDK's stateless example does) answering the same
 *      tool result after replaying the same statements.
 *    - POST /clock: a JSON-RPC clock_in / clock_out of the key's user: one BEGIN IMMEDIATE
 *      transaction (look up the open log; insert it / close it), committed with synchronous=FULL.
 *    - POST /ingest: the key's batch: one transaction inserting the batch id and every sample.
 *    Bookkeeping statements (rate-limit counters, key last-used, tool-call telemetry: other
 *    connections, or writes on the main one) are not replayed: the baseline is the answer's SQL.
 * Prints one line `BARE-READY {json}` (port, statements per endpoint) when listening.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ENDPOINTS, type Endpoint, MCP_HEADERS, SAMPLES_PER_BATCH, toolCall } from './endpoints'
import { installStatementRecorder, isAnswerRead, type RecordedCall, replayer } from './recorder'

export interface BareConfig {
  dataDir: string
  mcpKey: string
  restToken: string
  writers: { key: string; userId: string }[]
  writeTenantId: number
  endpoints: string[]
  /** Self-test only: this endpoint's bare answer is altered, so the equality check must fail. */
  tamper?: string
}

type Call = RecordedCall
const cfg = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BareConfig

// ---- 1. recording ----
const recorder = installStatementRecorder(10)
const { connections } = recorder

const { loadConfig } = await import('../../src/kernel/config')
const { silentLogger } = await import('../../src/kernel/log')
const { openRuntime } = await import('../../src/runtime')
const { createHttpApp } = await import('../../src/surfaces/http')
const { openDatabase, sqliteOf } = await import('../../src/kernel/db')
const big = '1000000000'
const rt = openRuntime(
  loadConfig(
    { dataDir: cfg.dataDir, logLevel: 'silent' },
    { ...process.env, WORKFORCE_RATE_LIMIT_HOUR: big, WORKFORCE_RATE_LIMIT_DAY: big, WORKFORCE_MCP_RATE_LIMIT_MINUTE: big },
  ),
  silentLogger,
  // The running product holds the data directory's counters.db (EXCLUSIVE): the recording counts
  // in a file of its own (its statements are bookkeeping, never replayed).
  { countersFile: join(cfg.dataDir, 'bench-recorder-counters.db') },
)
connections.set(rt.handle.sqlite, 0)
connections.set(sqliteOf(rt.countersDb), 1)
const product = createHttpApp(rt)
const auth = (key: string) => ({ authorization: `Bearer ${key}` })
const ask = (path: string, init: RequestInit) => product.handle(new Request(`http://127.0.0.1${path}`, init))

const wanted = ENDPOINTS.filter((e) => cfg.endpoints.includes(e.name))
// {team_id}: the demo tenant's first team.
const teams = (await (await ask('/api/v1/teams?page_size=1', { headers: auth(cfg.restToken) })).json()) as { data: { id: string }[] }
const fill = (p: string) => p.replaceAll('{team_id}', teams.data[0]!.id)

interface Trace {
  replay: Call[]
  skipped: number
  /** REST: the body as an object; MCP: the JSON-RPC result (tampered with under --tamper). */
  answer: unknown
  /** The body as UTF-8 bytes, encoded once (REST), for answers the product served from its cache (as surfaces/rest-cache.ts keeps them). */
  raw: Uint8Array
  /** Every statement of the warm request, `<connection>: <sql>` (0 main, 1 counters, 10+ others). */
  sql: string[]
}
const sqlOf = (calls: Call[]) => calls.map((c) => `${c.conn}: ${c.sql.replace(/\s+/g, ' ')}${c.method === 'iterate' ? ` [${c.steps} steps]` : ''}`)
const traces = new Map<string, Trace>()
const tampered = (name: string, v: unknown) => (cfg.tamper === name ? { ...(v as object), bench_tampered: true } : v)
/** Records one warm request of a read now (the main process calls it right before asking the product). */
async function record(e: Endpoint): Promise<void> {
  if (e.kind !== 'mcp' && e.kind !== 'rest') return
  const once = () =>
    e.kind === 'mcp'
      ? ask('/api/mcp/v1', { method: 'POST', headers: { ...MCP_HEADERS, ...auth(cfg.mcpKey) }, body: toolCall(e.tool, e.args) })
      : ask(fill(e.path), { headers: auth(cfg.restToken) })
  await (await once()).arrayBuffer()
  // The request as the timed windows see it: an answer the product caches may have been dropped
  // from its cache since the warm request (a write of another process between the two), so up to
  // three are recorded and the one that ran the fewest of the answer's statements is kept (a miss
  // recorded would have the bare side run SQL the product no longer runs).
  let best: { res: Response; raw: string; calls: Call[]; replay: Call[] } | null = null
  for (let attempt = 0; attempt < 3 && best?.replay.length !== 0; attempt++) {
    recorder.start()
    const res = await once()
    const raw = await res.text()
    const calls = recorder.stop()
    const replay = calls.filter(isAnswerRead)
    if (!best || replay.length < best.replay.length) best = { res, raw, calls, replay }
  }
  const { res, raw, calls, replay } = best!
  if (res.status !== 200) throw new Error(`${e.name} answered ${res.status} in-process: ${raw.slice(0, 500)}`)
  const parsed = JSON.parse(raw) as { result?: unknown }
  traces.set(e.name, {
    replay,
    skipped: calls.length - replay.length,
    answer: tampered(e.name, e.kind === 'mcp' ? parsed.result : parsed),
    raw: new TextEncoder().encode(JSON.stringify(tampered(e.name, parsed))),
    sql: sqlOf(calls),
  })
}
for (const e of wanted) await record(e)
// The writes' statement counts in the product (one clock_in + clock_out, one batch), for the report.
const writeStatements: Record<string, number> = {}
const writeSql: Record<string, string[]> = {}
const templates: Record<string, Record<string, unknown>> = {}
const writer = cfg.writers[cfg.writers.length - 1]!
if (wanted.some((e) => e.kind === 'clock')) {
  recorder.start()
  for (const tool of ['clock_in', 'clock_out']) {
    const res = await ask('/api/mcp/v1', { method: 'POST', headers: { ...MCP_HEADERS, ...auth(writer.key) }, body: toolCall(tool, {}) })
    const text = await res.text()
    if (!text.includes('"success":true')) throw new Error(`${tool} failed in-process: ${text.slice(0, 400)}`)
    templates[tool] = (JSON.parse(text) as { result: { structuredContent: Record<string, unknown> } }).result.structuredContent
  }
  const calls = recorder.stop()
  writeStatements.clock = calls.length / 2
  writeSql.clock = sqlOf(calls)
}
if (wanted.some((e) => e.kind === 'ingest')) {
  const { ingestBody } = await import('./endpoints')
  recorder.start()
  const res = await ask('/api/v1/client/activity/samples', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...auth(writer.key) },
    body: ingestBody(Date.now() - 6 * 86_400_000, 0, 0, 'record'),
  })
  if (res.status !== 200) throw new Error(`ingestion failed in-process: ${res.status} ${await res.text()}`)
  templates.ingest = (await res.json()) as Record<string, unknown>
  const calls = recorder.stop()
  writeStatements.ingest = calls.length
  writeSql.ingest = sqlOf(calls)
}
let recorderOpen = true
const closeRecorder = () => {
  if (!recorderOpen) return
  recorderOpen = false
  rt.close()
  recorder.uninstall()
}

// ---- 2. serving ----
const file = join(cfg.dataDir, 'workforce.db')
const { sqlite } = openDatabase(file)
const replay = replayer(sqlite)
/** The tool result with its text copy serialized again, as a server must per call. */
const toolResult = (r: unknown) => {
  const res = r as { content?: { type: string; text: string }[]; structuredContent?: unknown }
  if (res.structuredContent !== undefined && res.content?.length === 1 && res.content[0]!.text === JSON.stringify(res.structuredContent))
    return { ...res, content: [{ type: 'text', text: JSON.stringify(res.structuredContent) }] }
  return res
}

const { Elysia } = await import('elysia')
const app = new Elysia()
// Re-recording (before timing only): the answers of reads that follow the clock are recorded again
// right before the product is asked, then the in-process product is closed for good.
app.post('/record/:name', async ({ params }) => {
  const e = wanted.find((x) => x.name === params.name)
  if (!e || !recorderOpen) throw new Error(`cannot record ${params.name}`)
  await record(e)
  const t = traces.get(e.name)!
  return { replayed: t.replay.length, bookkeeping: t.skipped, sql: t.sql }
})
app.post('/record-done', () => {
  closeRecorder()
  return { ok: true }
})
for (const e of wanted) {
  if (!traces.has(e.name)) continue
  const trace = () => traces.get(e.name)!
  if (e.kind === 'rest') {
    app.get(`/rest/${e.name}`, ({ set }) => {
      const t = trace()
      set.headers['content-type'] = 'application/json'
      // An answer the product served without running its SQL (a cached JSON text): a bare endpoint
      // serving cached JSON, the issue's baseline for it.
      if (t.replay.length === 0) return new Response(t.raw, { headers: { 'content-type': 'application/json' } })
      replay(t.replay)
      return JSON.stringify(t.answer)
    })
  } else if (e.kind === 'mcp') {
    app.post(
      `/mcp/${e.name}`,
      async ({ request, set }) => {
        const body = (await request.json()) as { id: unknown }
        const t = trace()
        replay(t.replay)
        set.headers['content-type'] = 'application/json'
        return JSON.stringify({ jsonrpc: '2.0', id: body.id, result: toolResult(t.answer) })
      },
      { parse: 'none' },
    )
    const { Server } = await import('@modelcontextprotocol/sdk/server/index.js')
    const { WebStandardStreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')
    const { CallToolRequestSchema } = await import('@modelcontextprotocol/sdk/types.js')
    app.post(
      `/sdk/${e.name}`,
      async ({ request }) => {
        const server = new Server({ name: 'sdk-bench', version: '1.0.0' }, { capabilities: { tools: {} } })
        server.setRequestHandler(CallToolRequestSchema, async () => {
          const t = trace()
          replay(t.replay)
          return toolResult(t.answer) as { content: { type: 'text'; text: string }[] }
        })
        const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
        await server.connect(transport)
        return transport.handleRequest(request)
      },
      { parse: 'none' },
    )
  }
}
// Writes: the keys' users, the same pragmas, one transaction per call.
const userOf = new Map(cfg.writers.map((w) => [w.key, w.userId]))
const keyOf = (request: Request) => userOf.get((request.headers.get('authorization') ?? '').slice(7))
const openLog = sqlite.query<{ id: string; clock_in_at: number }, [number, string]>(
  "select id, clock_in_at from time_logs where tenant_id = ? and user_id = ? and status = 'open' limit 1",
)
const insertLog = sqlite.query(
  "insert into time_logs (id, tenant_id, user_id, clock_in_at, clock_out_at, status, source, created_at) values (?, ?, ?, ?, null, 'open', 'mcp', ?)",
)
const closeLog = sqlite.query("update time_logs set clock_out_at = ?, status = 'closed' where id = ?")
/** The product's recorded answer with this call's values in the fields it has. */
const fromTemplate = (name: string, values: Record<string, unknown>) => {
  const out = { ...templates[name] }
  for (const [k, v] of Object.entries(values)) if (k in out) out[k] = v
  return out as { success: boolean } & Record<string, unknown>
}
const clock = sqlite.transaction((tool: string, user: string, now: number) => {
  const open = openLog.get(cfg.writeTenantId, user)
  if (tool === 'clock_in') {
    if (open) return { success: false, error: 'already_clocked_in' } as { success: boolean } & Record<string, unknown>
    const id = crypto.randomUUID()
    insertLog.run(id, cfg.writeTenantId, user, now, now)
    return fromTemplate('clock_in', { time_log_id: id, clock_in_at: new Date(now).toISOString(), clock_in_time: new Date(now).toISOString() })
  }
  if (!open) return { success: false, error: 'not_clocked_in' } as { success: boolean } & Record<string, unknown>
  closeLog.run(now, open.id)
  return fromTemplate('clock_out', {
    time_log_id: open.id,
    clock_in_at: new Date(open.clock_in_at).toISOString(),
    clock_out_at: new Date(now).toISOString(),
    clock_in_time: new Date(open.clock_in_at).toISOString(),
    clock_out_time: new Date(now).toISOString(),
    duration_hours: Math.round((now - open.clock_in_at) / 36_000) / 100,
  })
})
app.post(
  '/clock',
  async ({ request, set }) => {
    const user = keyOf(request)
    const body = (await request.json()) as { id: unknown; params: { name: string } }
    set.headers['content-type'] = 'application/json'
    if (!user) return JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code: -32001, message: 'unauthorized' } })
    const out = clock.immediate(body.params.name, user, Date.now())
    return JSON.stringify({
      jsonrpc: '2.0',
      id: body.id,
      result: { content: [{ type: 'text', text: JSON.stringify(out) }], structuredContent: out, ...(out.success ? {} : { isError: true }) },
    })
  },
  { parse: 'none' },
)
const tz = (sqlite.query('select timezone from tenants where id = ?').get(cfg.writeTenantId) as { timezone: string }).timezone
const day = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })
const addBatch = sqlite.query('insert into ingest_batches (tenant_id, user_id, batch_id, sample_count, received_at) values (?, ?, ?, ?, ?)')
const addSample = sqlite.query(
  'insert into activity_samples (tenant_id, user_id, batch_id, application, window_class, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
)
type Batch = { batch_id: string; samples: { application: string; window_class: string | null; started_at: string; duration_seconds: number; idle: boolean }[] }
const ingest = sqlite.transaction((user: string, body: Batch) => {
  addBatch.run(cfg.writeTenantId, user, body.batch_id, body.samples.length, Date.now())
  for (const x of body.samples) {
    const at = Date.parse(x.started_at)
    addSample.run(cfg.writeTenantId, user, body.batch_id, x.application, x.window_class, 'neutral', at, x.duration_seconds, x.idle ? 1 : 0, day.format(at))
  }
})
app.post(
  '/ingest',
  async ({ request, set }) => {
    const user = keyOf(request)
    if (!user) {
      set.status = 401
      return { error: { code: 'unauthorized' } }
    }
    const body = (await request.json()) as Batch
    ingest.immediate(user, body)
    set.headers['content-type'] = 'application/json'
    return JSON.stringify({ ...templates.ingest, batch_id: body.batch_id, accepted: body.samples.length })
  },
  { parse: 'none' },
)
// In Bun's production mode, as the product serves (surfaces/http.ts createHttpApp).
app.listen({ hostname: '127.0.0.1', port: 0, development: false })
const statements = Object.fromEntries([...traces].map(([name, t]) => [name, { replayed: t.replay.length, bookkeeping: t.skipped, sql: t.sql }]))
console.log(`BARE-READY ${JSON.stringify({ port: app.server!.port, statements, writeStatements, writeSql, samplesPerBatch: SAMPLES_PER_BATCH })}`)
