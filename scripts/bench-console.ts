/**
 * Server time of every console page on a 1,000-employee demo tenant (issue 15: "under 100 ms per
 * page"). Reuses the seeded cache of scripts/bench.ts (scripts/bench/seed.ts: `workforce seed-demo
 * --employees 1000 --days 14`), starts `workforce serve` on a working copy, signs in through "Try as
 * Manager / Admin" (POST /demo) and requests each page the role may open N times, one request at a
 * time on one keep-alive connection over loopback. Prints the request latency seen here (median and
 * p95) next to GET /api/v1/health on the same server (the bare cost of a request), and the median of
 * the console's own `Server-Timing: total` (server time without the client and the network).
 * `--only PATH-PART`: only the pages whose path contains it. `--pin`: the server on CPU 0 and this client on CPU 1 (taskset). Never asserts: a measurement.
 *
 *   bun scripts/bench-console.ts [--employees 1000] [--n 20] [--pin]
 */
import { cpus } from 'node:os'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { Subprocess } from 'bun'
import { roleAtLeast } from '../src/kernel/access'
import { CONSOLE_PAGES } from '../src/console/registry'
import { ROOT, seeded, workingCopy } from './bench/seed'

const { values: opt } = parseArgs({
  options: {
    employees: { type: 'string', default: '1000' },
    n: { type: 'string', default: '20' },
    pin: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
})
const EMPLOYEES = Number(opt.employees)
const N = Number(opt.n)
const TARGET_MS = 100
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')

async function startServer(dir: string): Promise<{ proc: Subprocess; url: string }> {
  // --pin: the server on CPU 0 (taskset), this client on CPU 1, so the two do not share a core.
  const pin = opt.pin ? ['taskset', '-c', '0'] : []
  const proc = Bun.spawn([...pin, 'bun', 'src/main.ts', 'serve', '--port', '0', '--data', dir, '--no-jobs'], {
    cwd: ROOT,
    env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
  let out = ''
  for (;;) {
    const m = /listening on (http:\/\/[^\s/]+)/.exec(out)
    if (m) {
      void (async () => {
        while (!(await reader.read()).done);
      })()
      return { proc, url: m[1]! }
    }
    const { value, done } = await reader.read()
    if (done) throw new Error(`serve exited before it was ready:\n${out}`)
    out += new TextDecoder().decode(value)
  }
}

const cookieOf = (res: Response, name: string): string | null => {
  for (const c of res.headers.getSetCookie()) if (c.startsWith(`${name}=`)) return c.split(';')[0]!
  return null
}

/** "Try as ROLE" on the sign-in page: the session cookie of the demo persona. */
async function tryAs(url: string, role: 'manager' | 'admin'): Promise<string> {
  const page = await fetch(`${url}/signin`)
  const csrfCookie = cookieOf(page, 'wf_csrf')
  const html = await page.text()
  const field = /name="(_csrf)" value="([^"]+)"/.exec(html)
  if (!csrfCookie || !field) throw new Error('no CSRF token on the sign-in page')
  const res = await fetch(`${url}/demo`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: csrfCookie, 'content-type': 'application/x-www-form-urlencoded', origin: url },
    body: new URLSearchParams({ [field[1]!]: field[2]!, role }).toString(),
  })
  const session = cookieOf(res, 'wf_session')
  if (!session) throw new Error(`try as ${role} gave no session (HTTP ${res.status})`)
  return session
}

/** Pages that answered an error: the run fails (a 403 or 500 timed fast would flatter). */
const errors: string[] = []

/** The `total` of a Server-Timing header (the console's own time), or NaN without one. */
const serverTotal = (h: string | null): number => Number(/(?:^|,\s*)total;dur=([\d.]+)/.exec(h ?? '')?.[1] ?? Number.NaN)

async function time(url: string, cookie: string | null): Promise<{ median: number; p95: number; server: number; status: number; bytes: number }> {
  const ms: number[] = []
  const server: number[] = []
  let status = 0
  let bytes = 0
  for (let i = 0; i < N + 2; i++) {
    const t0 = performance.now()
    const res = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: 'manual' })
    const body = await res.arrayBuffer()
    const t = performance.now() - t0
    status = res.status
    bytes = body.byteLength
    if (i >= 2) {
      ms.push(t) // two warm-up requests
      server.push(serverTotal(res.headers.get('server-timing')))
    }
  }
  if (status >= 400) errors.push(`${url}: HTTP ${status}`)
  ms.sort((a, b) => a - b)
  server.sort((a, b) => a - b)
  return {
    median: ms[Math.floor(ms.length / 2)]!,
    server: server[Math.floor(server.length / 2)]!,
    p95: ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.95) - 1)]!,
    status,
    bytes,
  }
}

if (opt.pin) Bun.spawnSync(['taskset', '-p', '-c', '1', String(process.pid)], { stdout: 'ignore' })
const s = await seeded(EMPLOYEES, 14, 65, console.log)
const copy = workingCopy(s)
const { proc, url } = await startServer(copy.dir)
try {
  console.log(`box: ${cpus().length} CPUs, load average ${loadavg()} before the run; ${EMPLOYEES} employees, ${N} requests per page, one connection`)
  const health = await time(`${url}/api/v1/health`, null)
  const rows: string[] = []
  rows.push(`| page | as | status | median ms | p95 ms | server ms (median) | KiB | under ${TARGET_MS} ms |`, '|---|---|---|---|---|---|---|---|')
  rows.push(
    `| GET /api/v1/health (baseline) | — | ${health.status} | ${health.median.toFixed(1)} | ${health.p95.toFixed(1)} | — | ${(health.bytes / 1024).toFixed(1)} | |`,
  )
  for (const role of ['manager', 'admin'] as const) {
    const cookie = await tryAs(url, role)
    for (const page of CONSOLE_PAGES) {
      if (!page.nav || !roleAtLeast(role, page.role)) continue
      if (opt.only && !page.path.includes(opt.only)) continue
      if (role === 'admin' && page.role !== 'admin' && page.role !== 'owner_admin' && page.role !== 'manager') continue // employee pages once, as the manager
      const r = await time(`${url}${page.path}`, cookie)
      rows.push(
        `| ${page.path} | ${role} | ${r.status} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${Number.isNaN(r.server) ? '—' : r.server.toFixed(1)} | ${(r.bytes / 1024).toFixed(1)} | ${r.p95 < TARGET_MS ? 'yes' : r.median < TARGET_MS ? 'median only' : 'NO'} |`,
      )
    }
  }
  console.log(rows.join('\n'))
  console.log(
    `baseline: GET /api/v1/health on the same server and connection, median ${health.median.toFixed(1)} ms (what loopback and the HTTP stack cost alone)`,
  )
  console.log(`load average after the run: ${loadavg()}`)
  if (errors.length) {
    console.error(`${errors.length} error answer(s):\n${errors.join('\n')}`)
    process.exitCode = 1
  }
} finally {
  proc.kill()
  await proc.exited
  copy.remove()
}
