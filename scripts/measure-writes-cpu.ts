/**
 * CPU per write, in-process: the product's HTTP app (`createHttpApp`, as `serve` builds it, jobs
 * off, the bench's raised limits) over a working copy of the bench's cached seed, requests through
 * `app.handle(new Request(...))` one after another, `process.cpuUsage()` around the timed loop.
 * Pin it to one CPU (`taskset -c 0`) and run the two sides alternately.
 *
 *   bun scripts/measure-writes-cpu.ts [--employees 1000] [--days 2] [--pairs 300] [--batches 300] [--warm 50] [--only clock|ingest] [--cache DIR]
 *
 * Prints µs of CPU (user + system) per clock_in + clock_out pair and per 100-sample batch.
 * The seed must be cached already (run `bun run bench --quick --no-growth --only clock` once).
 */
import { parseArgs } from 'node:util'
import { MCP_HEADERS, ingestBody, toolCall } from './bench/endpoints'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Seeded, seeded, workingCopy } from './bench/seed'

const { values: opt } = parseArgs({
  options: {
    employees: { type: 'string', default: '1000' },
    days: { type: 'string', default: '2' },
    pairs: { type: 'string', default: '300' },
    batches: { type: 'string', default: '300' },
    warm: { type: 'string', default: '50' },
    writers: { type: 'string', default: '20' },
    only: { type: 'string' },
    /** A cached seed directory to copy (main and a branch with another migration then use the same data). */
    cache: { type: 'string' },
  },
})
const BIG = '100000000'
for (const k of [
  'WORKFORCE_RATE_LIMIT_HOUR',
  'WORKFORCE_RATE_LIMIT_DAY',
  'WORKFORCE_MCP_RATE_LIMIT_MINUTE',
  'WORKFORCE_CLIENT_RATE_LIMIT_HOUR',
  'WORKFORCE_CLIENT_RATE_LIMIT_DAY',
  'WORKFORCE_CLIENT_TENANT_RATE_LIMIT_HOUR',
  'WORKFORCE_CLIENT_TENANT_RATE_LIMIT_DAY',
])
  process.env[k] = BIG

const s: Seeded = opt.cache
  ? { ...(JSON.parse(readFileSync(join(opt.cache, 'bench-meta.json'), 'utf8')) as Seeded), dir: opt.cache }
  : await seeded(Number(opt.employees), Number(opt.days), 65, () => {})
const copy = workingCopy(s)
const { loadConfig } = await import('../src/kernel/config')
const { createLogger } = await import('../src/kernel/log')
const { openRuntime } = await import('../src/runtime')
const { createHttpApp } = await import('../src/surfaces/http')
const rt = openRuntime(loadConfig({ dataDir: copy.dir, logLevel: 'warn', jobsEnabled: false }), createLogger('warn'))
// As `serve` runs it: WAL checkpoints on a worker thread (its CPU counts: process.cpuUsage is per process).
rt.startBackgroundCheckpoints()
const app = createHttpApp(rt)
const writers = Number(opt.writers)
const key = (w: number) => s.writers[w % writers]!.key

async function call(url: string, headers: Record<string, string>, body: string, ok: (t: string) => boolean): Promise<void> {
  const res = await app.handle(
    new Request(`http://127.0.0.1${url}`, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, body }),
  )
  const text = await res.text()
  if (!ok(text)) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`)
}

const clockPair = async (i: number) => {
  const headers = { ...MCP_HEADERS, authorization: `Bearer ${key(i)}` }
  const ok = (t: string) => t.includes('"success":true')
  await call('/api/mcp/v1', headers, toolCall('clock_in', {}), ok)
  await call('/api/mcp/v1', headers, toolCall('clock_out', {}), ok)
}
const origin = Date.now() - 7 * 86_400_000 + 3_600_000
const batch = async (i: number) => {
  const w = i % writers
  const body = ingestBody(origin, w, Math.floor(i / writers), 'm')
  await call('/api/v1/client/activity/samples', { 'content-type': 'application/json', authorization: `Bearer ${key(w)}` }, body, (t) =>
    t.includes('"accepted":100'),
  )
}

async function measure(name: string, n: number, one: (i: number) => Promise<void>): Promise<void> {
  const warm = Number(opt.warm)
  for (let i = 0; i < warm; i++) await one(i)
  Bun.gc(true)
  const c0 = process.cpuUsage()
  const t0 = performance.now()
  for (let i = warm; i < warm + n; i++) await one(i)
  const wall = performance.now() - t0
  const c = process.cpuUsage(c0)
  console.log(
    `${name}: ${((c.user + c.system) / n).toFixed(0)} µs CPU per call (user ${(c.user / n).toFixed(0)}, system ${(c.system / n).toFixed(0)}), wall ${((wall * 1000) / n).toFixed(0)} µs, n=${n}`,
  )
}

try {
  if (!opt.only || opt.only === 'clock') await measure('clock_in+clock_out', Number(opt.pairs), clockPair)
  if (!opt.only || opt.only === 'ingest') await measure('ingest 100 samples', Number(opt.batches), batch)
} finally {
  rt.close()
  copy.remove()
}
