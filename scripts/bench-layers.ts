/**
 * Where the fixed cost of a request goes, layer by layer: the served process's CPU per request for
 * a ladder of requests, each adding one layer of the product's path to the one before, next to a
 * trivial Elysia route in a bare process (the floor: Bun's HTTP server and Elysia's routing).
 *
 *   bun scripts/bench-layers.ts [--requests 20000] [--rounds 3] [--connections 32] [--surface rest|mcp]
 *
 * The REST ladder (the product runs `workforce serve --no-jobs` on the bench's cached 1,000-person
 * tenant, every rate limit raised as scripts/bench.ts raises them):
 *
 *   bare: trivial route          a bare Elysia process answering a small JSON text
 *   404 outside /api             the HTTP kernel: request note, admission, access line and metrics, the error envelope
 *   404 /api/v1, no key          + the REST surface's untouched X-RateLimit-* headers
 *   401 /api/v1/tasks, no key    + the matched route's authentication step, refusing
 *   404 /api/v1, with a key      + key authentication and the rate-limit count (its turn's commit)
 *   GET /tasks?page_size=1       + validation, access, the read snapshot, one row and the total, the JSON answer
 *   GET /tasks                   + the page of 20 tasks (the row of scripts/bench.ts)
 *
 * The MCP ladder (`--surface mcp`), each a POST to /api/mcp/v1 with a small JSON-RPC body:
 *
 *   bare: trivial POST           a bare Elysia process reading the body and answering a small JSON text
 *   ping, no key                 the HTTP kernel and the MCP surface, answering an anonymous ping
 *   ping, demo key               + key authentication and JSON-RPC dispatch (no operation, no rate count)
 *   tools/call productivity      + the rate-limit count, the operation, the tool-call record and the
 *                                  answer's envelope (the row of scripts/bench.ts)
 *   bare: productivity           scripts/bench.ts's own bare side of that call (scripts/bench/bare.ts:
 *                                  the recorded SELECTs replayed, the recorded answer): not a layer;
 *                                  what the product's rungs above are measured against there
 *
 * Each round measures every rung once, in order; the table prints the median over rounds (the CPU
 * of a window is counted in 10 ms ticks; a quiet box shows ±10% between rounds, a busy one more).
 * The differences between rungs are what each layer costs; the bare route is what no product can
 * go below. Servers on CPU 0, this script on CPU 1 (taskset, when present).
 */
import type { Subprocess } from 'bun'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { BareConfig } from './bench/bare'
import { MCP_HEADERS, mcpSucceeded, toolCall } from './bench/endpoints'
import { cpuMs, LISTENING, pinToCpu1, RATE_LIMITS_RAISED, startProcess } from './bench/processes'
import { seeded, workingCopy } from './bench/seed'
import { median } from './bench/load'

const { values: opt } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    surface: { type: 'string', default: 'rest' },
  },
})
if (opt.surface !== 'rest' && opt.surface !== 'mcp') throw new Error('--surface is rest or mcp')
const requests = Number(opt.requests)
const rounds = Number(opt.rounds)
const connections = Number(opt.connections)

const { onCpu0 } = await pinToCpu1(import.meta.path)
const seed = await seeded(1000, 2, 65, (s) => console.log(s))
const copy = workingCopy(seed)

/** The bare process: one route, the floor of any Elysia answer. */
const BARE = `
const { Elysia } = await import('elysia')
const body = JSON.stringify({ data: [], total: 0, page: 1, page_size: 20 })
const app = new Elysia().get('/trivial', ({ set }) => { set.headers['content-type'] = 'application/json'; return body })
  .post('/trivial', async ({ request, set }) => { await request.text(); set.headers['content-type'] = 'application/json'; return body }).listen({ port: 0, development: false })
console.log('listening on http://localhost:' + app.server.port)
`

const product = await startProcess(onCpu0(['bun', 'src/main.ts', 'serve', '--port', '0', '--data', copy.dir, '--no-jobs']), LISTENING, RATE_LIMITS_RAISED)
const bare = await startProcess(onCpu0(['bun', '--eval', BARE]), LISTENING)
const others: Subprocess[] = []
const withKey = { headers: { authorization: `Bearer ${seed.restToken}` } }

interface Rung {
  label: string
  pid: number
  url: string
  init: RequestInit
  status: number
  /** A JSON-RPC answer: it must also be a success (an MCP failure is HTTP 200). */
  rpc?: true
}
const mcpUrl = `${product.match[1]}/api/mcp/v1`
const rpc = (body: string, key: string | null): RequestInit => ({
  method: 'POST',
  headers: { ...MCP_HEADERS, ...(key ? { authorization: `Bearer ${key}` } : {}) },
  body,
})
const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
const mcpRungs: Rung[] = [
  { label: 'bare: trivial POST', pid: bare.proc.pid, url: `${bare.match[1]}/trivial`, init: rpc(ping, null), status: 200 },
  { label: 'ping, no key', pid: product.proc.pid, url: mcpUrl, init: rpc(ping, null), status: 200, rpc: true },
  { label: 'ping, demo key', pid: product.proc.pid, url: mcpUrl, init: rpc(ping, seed.mcpKey), status: 200, rpc: true },
  {
    label: 'tools/call productivity',
    pid: product.proc.pid,
    url: mcpUrl,
    init: rpc(toolCall('get_productivity_overview', {}), seed.mcpKey),
    status: 200,
    rpc: true,
  },
]
const restRungs: Rung[] = [
  { label: 'bare: trivial route', pid: bare.proc.pid, url: `${bare.match[1]}/trivial`, init: {}, status: 200 },
  { label: '404 outside /api', pid: product.proc.pid, url: `${product.match[1]}/no-such-page`, init: {}, status: 404 },
  { label: '404 /api/v1, no key', pid: product.proc.pid, url: `${product.match[1]}/api/v1/no-such-endpoint`, init: {}, status: 404 },
  { label: '401 /api/v1/tasks, no key', pid: product.proc.pid, url: `${product.match[1]}/api/v1/tasks`, init: {}, status: 401 },
  { label: '404 /api/v1, with a key', pid: product.proc.pid, url: `${product.match[1]}/api/v1/no-such-endpoint`, init: withKey, status: 404 },
  { label: 'GET /tasks?page_size=1', pid: product.proc.pid, url: `${product.match[1]}/api/v1/tasks?page_size=1`, init: withKey, status: 200 },
  { label: 'GET /tasks', pid: product.proc.pid, url: `${product.match[1]}/api/v1/tasks`, init: withKey, status: 200 },
]
if (opt.surface === 'mcp') {
  // The bench's bare side records the product's answer over the same data, then serves it.
  const cfgFile = join(copy.dir, 'bench-bare.json')
  const { mcpKey, restToken, writers, writeTenantId } = seed
  const cfg: BareConfig = { dataDir: copy.dir, mcpKey, restToken, writers, writeTenantId, endpoints: ['get_productivity_overview'] }
  writeFileSync(cfgFile, JSON.stringify(cfg))
  const benchBare = await startProcess(onCpu0(['bun', 'scripts/bench/bare.ts', cfgFile]), /BARE-READY (\{.*\})/)
  others.push(benchBare.proc)
  const { port } = JSON.parse(benchBare.match[1]!) as { port: number }
  // Closes the product it recorded with, as scripts/bench.ts does before timing.
  await fetch(`http://127.0.0.1:${port}/record-done`, { method: 'POST' })
  const url = `http://127.0.0.1:${port}/mcp/get_productivity_overview`
  mcpRungs.push({
    label: 'bare: productivity',
    pid: benchBare.proc.pid,
    url,
    init: rpc(toolCall('get_productivity_overview', {}), null),
    status: 200,
    rpc: true,
  })
}
const rungs = opt.surface === 'mcp' ? mcpRungs : restRungs

let errors = 0
/** CPU µs per request of the rung's process over `n` requests from `connections` closed loops; counts answers of another status than the rung's. */
async function measure(r: Rung, n: number): Promise<number> {
  const send = async () => {
    const res = await fetch(r.url, r.init)
    const text = await res.text()
    const failed = res.status !== r.status || (r.rpc === true && !mcpSucceeded(text))
    if (failed && errors++ === 0) console.error(`${r.label}: HTTP ${res.status}, expected ${r.status}: ${text.slice(0, 300)}`)
  }
  const cpu0 = cpuMs(r.pid)
  let left = n
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (left-- > 0) await send()
    }),
  )
  return ((cpuMs(r.pid) - cpu0) / n) * 1000
}

try {
  // Warm-up: every rung's path through the JIT's tiers before anything is counted.
  for (const r of rungs) await measure(r, Math.min(requests, 5000))
  const samples = new Map<string, number[]>(rungs.map((r) => [r.label, []]))
  for (let round = 0; round < rounds; round++) {
    for (const r of rungs) samples.get(r.label)!.push(await measure(r, requests))
    console.log(`round ${round + 1}/${rounds} done`)
  }
  console.log(`\n${requests} requests a rung a round, ${connections} connections, median of ${rounds} rounds`)
  console.log(`baseline: the first rung, a trivial route of a bare Elysia process (Bun's HTTP server and Elysia's routing)\n`)
  console.log('| rung | server CPU µs/request | over the rung before | over the bare route |')
  console.log('|---|---|---|---|')
  let before: number | null = null
  const floor = median(samples.get(rungs[0]!.label)!)
  for (const r of rungs) {
    const us = median(samples.get(r.label)!)
    const step = before === null ? '' : (us - before >= 0 ? '+' : '') + (us - before).toFixed(1)
    console.log(`| ${r.label} | ${us.toFixed(1)} | ${step} | ${r === rungs[0] ? '' : `+${(us - floor).toFixed(1)}`} |`)
    before = us
  }
  if (errors > 0) {
    console.error(`${errors} answer(s) with another status than the rung's: the figures above are not the rungs'`)
    process.exitCode = 1
  }
} finally {
  const all = [product.proc, bare.proc, ...others]
  for (const p of all) p.kill('SIGTERM')
  await Promise.all(all.map((p) => p.exited))
  copy.remove()
}
