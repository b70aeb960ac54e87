/**
 * Where one read's CPU goes in the served process: `workforce serve` under `bun --cpu-prof` on
 * the bench's seeded tenant (scripts/bench/seed.ts), one endpoint of scripts/bench.ts driven by
 * C closed-loop connections (a read, or `clock`: each connection clocks its own writer in and out
 * as the bench does), then the profile folded into self time per function and per source
 * file, and the server's CPU per request measured from /proc without the profiler (a second run).
 *
 *   bun scripts/profile-read.ts --only tasks [--requests 15000] [--connections 32]
 *                                [--employees 1000] [--days 2] [--top 40] [--keep] [--cpu-only]
 *
 * The server runs on CPU 0 and this script on CPU 1 (taskset, when present), every rate limit
 * raised as the bench raises them. Every answer must be a success (as the bench checks) or the
 * script exits 1. --keep leaves the .cpuprofile and prints its path; --cpu-only measures the CPU per
 * request and stops (for an A/B of two checkouts: less noisy than req/s on a shared box).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { clockRequest, ENDPOINTS, isReadEndpoint, productRead } from './bench/endpoints'
import { cpuMs, LISTENING, pinToCpu1, RATE_LIMITS_RAISED, startProcess } from './bench/processes'
import { ROOT, seeded, workingCopy } from './bench/seed'

const { values: opt } = parseArgs({
  options: {
    only: { type: 'string' },
    requests: { type: 'string', default: '15000' },
    connections: { type: 'string', default: '32' },
    employees: { type: 'string', default: '1000' },
    days: { type: 'string', default: '2' },
    top: { type: 'string', default: '40' },
    keep: { type: 'boolean', default: false },
    'cpu-only': { type: 'boolean', default: false },
  },
})

const { onCpu0 } = await pinToCpu1(import.meta.path)

const endpoint = ENDPOINTS.find((e) => e.name === opt.only)
if (!isReadEndpoint(endpoint) && endpoint?.kind !== 'clock')
  throw new Error(
    `--only: one read endpoint or clock (${ENDPOINTS.filter((e) => e.kind !== 'ingest')
      .map((e) => e.name)
      .join(', ')})`,
  )
const requests = Number(opt.requests)
const connections = Number(opt.connections)
const seed = await seeded(Number(opt.employees), Number(opt.days), 65, (s) => console.log(s))

async function run(profileDir: string | null): Promise<{ cpuUsPerRequest: number; seconds: number }> {
  const copy = workingCopy(seed)
  const prof = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  const cmd = ['bun', ...prof, 'src/main.ts', 'serve', '--port', '0', '--data', copy.dir, '--no-jobs']
  const { proc, match } = await startProcess(onCpu0(cmd), LISTENING, RATE_LIMITS_RAISED)
  const base = match[1]!
  const read = isReadEndpoint(endpoint) ? await productRead(endpoint, base, seed) : null
  // clock: connection i clocks writer i in and out (as scripts/bench.ts does).
  const calls = new Array<number>(connections).fill(0)
  const request = (conn: number) => read ?? clockRequest(`${base}/api/mcp/v1`, seed.writers[conn]!.key, calls[conn]!++)
  const send = async (conn: number) => {
    const req = request(conn)
    const res = await fetch(req.url, req.init)
    const text = await res.text()
    if (res.status >= 300 || text.includes('"isError":true') || text.includes('"error":{') || (!read && !text.includes('"success":true')))
      throw new Error(`error answer: HTTP ${res.status} ${text.slice(0, 300)}`)
  }
  for (let i = 0; i < 500; i++) await send(i % connections) // warm-up
  const cpu0 = cpuMs(proc.pid)
  const t0 = performance.now()
  let left = requests
  await Promise.all(
    Array.from({ length: connections }, async (_, conn) => {
      while (left-- > 0) await send(conn)
    }),
  )
  const seconds = (performance.now() - t0) / 1000
  const cpu = cpuMs(proc.pid) - cpu0
  proc.kill('SIGTERM')
  await proc.exited
  copy.remove()
  return { cpuUsPerRequest: (cpu / requests) * 1000, seconds }
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
}

/** Self samples per function and per file, as shares of all samples outside the idle loop. */
function fold(profile: Profile, top: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  for (const s of profile.samples) self.set(s, (self.get(s) ?? 0) + 1)
  const fn = new Map<string, number>()
  const file = new Map<string, number>()
  let total = 0
  for (const [id, count] of self) {
    const n = byId.get(id)!
    const name = n.callFrame.functionName || '(anonymous)'
    if (name === '(idle)' || name === '(program)' || name === '(root)') continue
    total += count
    const where = n.callFrame.url.replace(`file://${ROOT}/`, '').replace(/^.*node_modules\//, 'node_modules/')
    const key = `${name}  ${where}:${n.callFrame.lineNumber + 1}`
    fn.set(key, (fn.get(key) ?? 0) + count)
    const f = where || '(native)'
    file.set(f, (file.get(f) ?? 0) + count)
  }
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title} (share of ${total} busy samples)`)
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * v) / total).toFixed(1).padStart(6)}%  ${k}`)
  }
  print('self time by function', fn)
  print('self time by file', file)
}

const plain = await run(null)
console.log(
  `${endpoint.label}: ${requests} requests, ${connections} connections, ${(requests / plain.seconds).toFixed(0)} req/s, server CPU ${plain.cpuUsPerRequest.toFixed(1)} µs/request (no profiler)`,
)
if (opt['cpu-only']) process.exit(0)
const dir = mkdtempSync(join(tmpdir(), 'wf-profile-'))
const profiled = await run(dir)
console.log(`under the profiler: server CPU ${profiled.cpuUsPerRequest.toFixed(1)} µs/request`)
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
if (!file) throw new Error(`no .cpuprofile in ${dir} (serve did not exit cleanly?)`)
fold(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile, Number(opt.top))
if (opt.keep) console.log(`\nprofile: ${join(dir, file)}`)
else rmSync(dir, { recursive: true, force: true })
