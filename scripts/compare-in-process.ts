/**
 * A REST read of `bun run bench` without sockets: the product's HTTP app (`createHttpApp`, as
 * `workforce serve` builds it) and a bare Elysia route, both answering `app.handle(Request)` in
 * this one process, 32 requests in flight, alternating round after round. The bare route replays
 * the SELECTs of one recorded warm request of the product (same text, same values, prepared once)
 * and stringifies the recorded answer, as scripts/bench/bare.ts does. Prints each side's wall time
 * per request (the process is single-threaded here: pin it with taskset for a steadier figure) and
 * their ratio per round. What it tells apart: a gap in the request's own work (it shows here) from
 * one in Bun's HTTP server and the sockets (it does not).
 *
 *   taskset -c 0 bun scripts/compare-in-process.ts --only tasks [--rounds 7] [--requests 20000]
 */
import { Elysia } from 'elysia'
import { parseArgs } from 'node:util'
import { ENDPOINTS } from './bench/endpoints'
import { median } from './bench/load'
import { RATE_LIMITS_RAISED } from './bench/processes'
import { installStatementRecorder, isAnswerRead, replayer } from './bench/recorder'
import { seeded, workingCopy } from './bench/seed'

const { values: opt } = parseArgs({
  options: {
    only: { type: 'string', default: 'tasks' },
    rounds: { type: 'string', default: '7' },
    requests: { type: 'string', default: '20000' },
  },
})
const endpoint = ENDPOINTS.find((e) => e.name === opt.only)
if (endpoint?.kind !== 'rest')
  throw new Error(
    `--only: one REST read (${ENDPOINTS.filter((e) => e.kind === 'rest')
      .map((e) => e.name)
      .join(', ')})`,
  )
const restPath = endpoint.path

// The product reads its configuration from the environment when its modules load.
Object.assign(process.env, RATE_LIMITS_RAISED, { WORKFORCE_LOG_LEVEL: 'warn' })
const { loadConfig } = await import('../src/kernel/config')
const { openRuntime } = await import('../src/runtime')
const { createHttpApp } = await import('../src/surfaces/http')
const { openDatabase } = await import('../src/kernel/db')

const seed = await seeded(1000, 2, 65, (s) => console.log(s))
const openApp = (dir: string) => {
  const rt = openRuntime(loadConfig({ host: '127.0.0.1', port: 0, dataDir: dir, jobsEnabled: false }))
  return { rt, app: createHttpApp(rt) }
}
const auth = { authorization: `Bearer ${seed.restToken}` }
const get = (path: string) => new Request(`http://127.0.0.1${path}`, { headers: auth })

// 1. Record one warm request on a product of its own (its statements stay wrapped by the recorder,
//    so it is closed before the timed product opens).
const recorder = installStatementRecorder(10)
const recording = workingCopy(seed)
const first = openApp(recording.dir)
// The main connection is 0 (as in scripts/bench/bare.ts): only its SELECTs are the answer's.
recorder.connections.set(first.rt.handle.sqlite, 0)
const teams = (await (await first.app.handle(get('/api/v1/teams?page_size=1'))).json()) as { data: { id: string }[] }
const path = restPath.replace('{team_id}', teams.data[0]!.id)
await (await first.app.handle(get(path))).text()
recorder.start()
const recordedAnswer = await (await first.app.handle(get(path))).text()
const replayed = recorder.stop().filter(isAnswerRead)
recorder.uninstall()
first.rt.close()
recording.remove()
const answer: unknown = JSON.parse(recordedAnswer)
console.log(`${endpoint.label}: ${replayed.length} SELECTs replayed by the bare route`)

// 2. The timed product and the bare route, on one copy of the data.
const copy = workingCopy(seed)
const product = openApp(copy.dir)
// The product's pragmas (kernel/db.ts), as the bench's bare side opens it.
const { sqlite } = openDatabase(`${copy.dir}/workforce.db`)
const replay = replayer(sqlite)
const bare = new Elysia().get('/bare', ({ set }) => {
  replay(replayed)
  set.headers['content-type'] = 'application/json'
  return JSON.stringify(answer)
})
const sides = [
  { label: 'workforce', handle: () => product.app.handle(get(path)) },
  { label: 'bare', handle: () => bare.handle(new Request('http://127.0.0.1/bare')) },
]

let errors = 0
/** Wall µs per request over n requests, 32 in flight. */
async function measure(side: (typeof sides)[number], n: number): Promise<number> {
  const t0 = performance.now()
  for (let i = 0; i < n; i += 32) {
    const batch: Promise<void>[] = []
    for (let j = 0; j < 32; j++)
      batch.push(
        side.handle().then(async (res) => {
          const text = await res.text()
          if (res.status !== 200 && errors++ === 0) console.error(`${side.label}: HTTP ${res.status}: ${text.slice(0, 300)}`)
        }),
      )
    await Promise.all(batch)
  }
  return ((performance.now() - t0) / n) * 1000
}

try {
  const requests = Number(opt.requests)
  for (const side of sides) await measure(side, requests)
  const us = sides.map(() => [] as number[])
  for (let round = 0; round < Number(opt.rounds); round++) {
    // Alternating which side goes first, so neither always follows the other.
    const order = round % 2 === 0 ? [0, 1] : [1, 0]
    for (const i of order) us[i]!.push(await measure(sides[i]!, requests))
  }
  const ratios = us[1]!.map((b, i) => b / us[0]![i]!)
  console.log(`baseline: the bare route, ${median(us[1]!).toFixed(1)} µs a request (median of ${us[1]!.length} rounds of ${requests})`)
  console.log(`workforce: ${median(us[0]!).toFixed(1)} µs a request`)
  console.log(`bare/workforce per round: ${ratios.map((r) => r.toFixed(2)).join(' ')}; median ${median(ratios).toFixed(2)}`)
  if (errors > 0) {
    console.error(`${errors} answer(s) other than 200: the figures above are not the read's`)
    process.exitCode = 1
  }
} finally {
  product.rt.close()
  sqlite.close()
  copy.remove()
}
