/**
 * An A/B of the product's code: the server CPU per request of one read, for two or more checkouts
 * of this repository (git worktrees), served by ONE process on the bench's cached tenant.
 *
 *   git worktree add /tmp/wf-b HEAD && ln -s "$PWD/node_modules" /tmp/wf-b/node_modules   # then edit /tmp/wf-b
 *   bun scripts/compare-checkouts.ts --path /api/v1/tasks . /tmp/wf-b [/tmp/wf-c …]
 *   bun scripts/compare-checkouts.ts --only summarize_team_hours . /tmp/wf-b
 *                                    [--rounds 12] [--requests 8000] [--connections 32] [--in-process]
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
 * --in-process: no sockets. One child process (on CPU 0) loads every checkout's HTTP app and sends
 * each the same request through `app.handle(Request)`, 32 in flight, and counts its own CPU per
 * request: Bun's HTTP server and the load generator are out of the figure, so the request's own
 * work weighs more and a layer's share shows larger. The request carries the Content-Length that
 * fetch would send. REST paths with {team_id} are not taken here.
 *
 * A tool for deciding whether a change is worth keeping, not one of the issue's measurements (those
 * are scripts/bench*.ts, against a bare endpoint). Server on CPU 0, this script on CPU 1 (taskset).
 */
import type { Subprocess } from 'bun'
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ENDPOINTS, isReadEndpoint, productRead } from './bench/endpoints'
import { median } from './bench/load'
import { cpuMs, pinToCpu1, RATE_LIMITS_RAISED, startProcess } from './bench/processes'
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
    'in-process': { type: 'boolean', default: false },
    'run-in-process': { type: 'string' },
  },
})

/** The server side (`--serve CONFIG`): one HTTP app per checkout, each from its own src/. */
async function serve(configFile: string): Promise<void> {
  const ports: number[] = []
  for (const app of await loadApps(configFile)) ports.push(app.listen({ port: 0, hostname: '127.0.0.1' }).server!.port!)
  console.log(`SERVING ${JSON.stringify(ports)}`)
}

interface ServeConfig {
  dirs: string[]
  data: string[]
  /** --in-process only: the request to send and the measuring plan. */
  url?: string
  init?: RequestInit
  rounds?: number
  requests?: number
  connections?: number
}

/** Each checkout's HTTP app, from its own src/, over its own copy of the tenant. */
async function loadApps(configFile: string) {
  const cfg = JSON.parse(await Bun.file(configFile).text()) as ServeConfig
  const apps = []
  for (const [i, dir] of cfg.dirs.entries()) {
    const { loadConfig } = (await import(join(dir, 'src/kernel/config.ts'))) as typeof import('../src/kernel/config')
    const { silentLogger } = (await import(join(dir, 'src/kernel/log.ts'))) as typeof import('../src/kernel/log')
    const { openRuntime } = (await import(join(dir, 'src/runtime.ts'))) as typeof import('../src/runtime')
    const { createHttpApp } = (await import(join(dir, 'src/surfaces/http.ts'))) as typeof import('../src/surfaces/http')
    // As `serve` opens it (the directory's only server: counters.db held exclusively); a checkout from
    // before that option ignores it.
    const rt = openRuntime(loadConfig({ dataDir: cfg.data[i]!, logLevel: 'warn' }), silentLogger, { counters: 'exclusive' })
    apps.push(createHttpApp(rt))
  }
  return apps
}

/**
 * The child of --in-process: every checkout's app answering `app.handle` in this process, the
 * warm-up and the rounds as over HTTP, this process's own CPU per request; prints `RESULT [[…]]`.
 */
async function runInProcess(configFile: string): Promise<void> {
  const cfg = JSON.parse(await Bun.file(configFile).text()) as Required<ServeConfig>
  const apps = await loadApps(configFile)
  const ownCpuUs = () => {
    const used = process.cpuUsage()
    return used.user + used.system
  }
  // A Request built from a string body declares no Content-Length (fetch adds it on the wire): without
  // it the HTTP kernel would read a clone of every body as if it were chunked (http.ts capBody).
  const body = typeof cfg.init.body === 'string' ? cfg.init.body : null
  const init: RequestInit =
    body === null ? cfg.init : { ...cfg.init, headers: { ...(cfg.init.headers as Record<string, string>), 'content-length': String(Buffer.byteLength(body)) } }
  const measure = (app: (typeof apps)[number], n: number) => cpuPerRequest(() => app.handle(new Request(cfg.url, init)), n, cfg.connections, ownCpuUs, cfg.url)
  console.log(`RESULT ${JSON.stringify(await inRounds(apps, measure, cfg.rounds, cfg.requests))}`)
}

/**
 * `n` requests made by `send`, `connections` in flight, every answer checked a success (HTTP 200,
 * no MCP isError): the CPU µs per request by the reader `cpuUs` (µs), before and after.
 */
async function cpuPerRequest(send: () => Promise<Response>, n: number, connections: number, cpuUs: () => number, what: string): Promise<number> {
  const before = cpuUs()
  let left = n
  let failed = ''
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (left-- > 0) {
        const res = await send()
        const text = await res.text()
        if (res.status !== 200 || text.includes('"isError":true')) failed ||= `HTTP ${res.status}: ${text.slice(0, 200)}`
      }
    }),
  )
  if (failed) throw new Error(`${what}: ${failed}`)
  return (cpuUs() - before) / n
}

/** The warm-up (every checkout's path through the JIT's tiers, ~30,000 requests a side), then `rounds` rounds in alternating order: CPU µs per request, per side and round. */
async function inRounds<T>(sides: T[], measure: (side: T, n: number) => Promise<number>, rounds: number, requests: number): Promise<number[][]> {
  for (let w = 0; w < 3; w++) for (const side of sides) await measure(side, 10_000)
  const cpu = sides.map(() => [] as number[])
  for (let r = 0; r < rounds; r++) {
    const order = sides.map((_, i) => i)
    if (r % 2) order.reverse()
    for (const i of order) cpu[i]!.push(await measure(sides[i]!, requests))
  }
  return cpu
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
  let server: Subprocess | undefined
  try {
    if (opt['in-process']) {
      const named = ENDPOINTS.find((e) => e.name === opt.only)
      if (`${opt.path ?? ''}${named?.kind === 'rest' ? named.path : ''}`.includes('{team_id}'))
        throw new Error('--in-process takes no path with {team_id} (its id is looked up over HTTP)')
      const { label, request } = readToTime()
      const { url, init } = await request('http://127.0.0.1', seed)
      writeFileSync(configFile, JSON.stringify({ dirs, data: copies.map((c) => c.dir), url, init, rounds, requests, connections } satisfies ServeConfig))
      const child = await startProcess(onCpu0(['bun', import.meta.path, '--run-in-process', configFile]), /RESULT (\[.*\])/, RATE_LIMITS_RAISED)
      server = child.proc
      printTable(`${label}, in one process (app.handle, no sockets)`, dirs, JSON.parse(child.match[1]!) as number[][], rounds, requests, connections)
      return
    }
    const started = await startProcess(onCpu0(['bun', import.meta.path, '--serve', configFile]), /SERVING (\[.*\])/, RATE_LIMITS_RAISED)
    server = started.proc
    const pid = server.pid
    const ports = JSON.parse(started.match[1]!) as number[]
    const bases = ports.map((p) => `http://127.0.0.1:${p}`)
    const { label, request } = readToTime()
    // Each checkout's copy of the tenant has the same ids: one request, sent to each port.
    const { url, init } = await request(bases[0]!, seed)
    const path = url.slice(bases[0]!.length)
    const serverCpuUs = () => cpuMs(pid) * 1000
    const measure = (base: string, n: number) => cpuPerRequest(() => fetch(base + path, init), n, connections, serverCpuUs, base + path)
    printTable(`${label}, one server process`, dirs, await inRounds(bases, measure, rounds, requests), rounds, requests, connections)
  } finally {
    server?.kill()
    await server?.exited
    for (const c of copies) c.remove()
    rmSync(configFile, { force: true })
  }
}

function printTable(label: string, dirs: string[], cpu: number[][], rounds: number, requests: number, connections: number): void {
  console.log(`\n${label}: ${rounds} rounds of ${requests} requests a checkout, ${connections} in flight`)
  console.log('baseline: the first checkout, in the same rounds\n')
  console.log('| checkout | server CPU µs/request (median) | / first (median of per-round ratios) | per round |')
  console.log('|---|---|---|---|')
  for (const [i, dir] of dirs.entries()) {
    const ratio = i === 0 ? '1' : median(cpu[i]!.map((x, r) => x / cpu[0]![r]!)).toFixed(3)
    console.log(`| ${dir} | ${median(cpu[i]!).toFixed(1)} | ${ratio} | ${cpu[i]!.map((x) => x.toFixed(0)).join(' ')} |`)
  }
}

/** The read to time: --only (a read of the bench's endpoints) or --path (any REST GET, as a REST read). */
function readToTime(): { label: string; request: (base: string, seed: Seeded) => ReturnType<typeof productRead> } {
  if (opt.only === undefined) {
    const path = opt.path ?? '/api/v1/tasks'
    return { label: `GET ${path}`, request: (base, seed) => productRead({ name: 'path', label: path, kind: 'rest', path }, base, seed) }
  }
  const endpoint = ENDPOINTS.find((e) => e.name === opt.only)
  if (!isReadEndpoint(endpoint)) {
    throw new Error(
      `--only: one read of scripts/bench/endpoints.ts (${ENDPOINTS.filter(isReadEndpoint)
        .map((e) => e.name)
        .join(', ')})`,
    )
  }
  return { label: endpoint.label, request: (base, seed) => productRead(endpoint, base, seed) }
}

if (opt.serve) await serve(opt.serve)
else if (opt['run-in-process']) {
  await runInProcess(opt['run-in-process'])
  process.exit(0)
} else await compare()
