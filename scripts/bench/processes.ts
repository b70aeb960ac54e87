/**
 * The processes of a measurement, shared by scripts/bench.ts and scripts/profile-read.ts: the
 * script itself re-run on CPU 1 and the servers on CPU 0 (taskset), the product started with
 * every rate limit raised out of the way, and a process's CPU time read from /proc.
 */
import type { Subprocess } from 'bun'
import { readdirSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { ROOT } from './seed'

/** Every REST, MCP and client rate limit raised to 10^9: each request still authenticates and counts, none is refused. */
export const RATE_LIMITS_RAISED: Record<string, string> = Object.fromEntries(
  [
    'RATE_LIMIT_HOUR',
    'RATE_LIMIT_DAY',
    'MCP_RATE_LIMIT_MINUTE',
    'CLIENT_RATE_LIMIT_HOUR',
    'CLIENT_RATE_LIMIT_DAY',
    'CLIENT_TENANT_RATE_LIMIT_HOUR',
    'CLIENT_TENANT_RATE_LIMIT_DAY',
  ].map((k) => [`WORKFORCE_${k}`, '1000000000']),
)

export interface Pinning {
  /** Whether the script runs on CPU 1 and the servers on CPU 0. */
  pinned: boolean
  /** A server's command line, run on CPU 0 when pinned. */
  onCpu0(cmd: string[]): string[]
}

/**
 * Re-runs the calling script (`scriptPath`, with its arguments) on `cpu` and exits with its code,
 * unless this is that re-run already or taskset is missing (then it returns and the script goes on
 * unpinned).
 */
export async function rerunOnCpu(scriptPath: string, cpu: number): Promise<void> {
  const taskset = Bun.which('taskset')
  if (!taskset || process.env.WF_BENCH_PINNED) return
  const child = Bun.spawn([taskset, '-c', String(cpu), process.execPath, scriptPath, ...process.argv.slice(2)], {
    env: { ...process.env, WF_BENCH_PINNED: '1' },
    stdio: ['inherit', 'inherit', 'inherit'],
  })
  process.exit(await child.exited)
}

/**
 * Re-runs the calling script (`scriptPath`) on CPU 1 and exits with its code, unless already
 * there, not wanted, or taskset or a second CPU is missing.
 */
export async function pinToCpu1(scriptPath: string, wanted = true): Promise<Pinning> {
  const taskset = Bun.which('taskset')
  const pinned = wanted && taskset !== null && cpus().length >= 2
  if (pinned) await rerunOnCpu(scriptPath, 1)
  return { pinned, onCpu0: (cmd) => (pinned ? [taskset!, '-c', '0', ...cmd] : cmd) }
}

/**
 * JavaScriptCore optimizes a function with its top tier (FTL) once its execution counter reaches
 * this, a twenty-fifth of JSC's default (100,000): every server a measurement starts, workforce and bare
 * alike, reaches its steady code after a twenty-fifth of the calls. With the default, workforce's route
 * handlers and read models were still FTL-compiled 2-4 s into serving one endpoint (130-240 ms of
 * compiling each, on the CPU the server is pinned to, inside timed windows); with 20,000 the
 * compiles come within the first 1-1.5 s and the CPU per request after is the same (/tasks 185 vs
 * 190 µs, team hours 550-590 vs 580-650 µs still settling at 20 s; docs/performance.md,
 * 2026-12-07). 4,000 since the same night: with 20,000 the writes still compiled 60-150 ms inside
 * their timed windows and the --quick table came at 114-115 s; with 4,000, 0-10 ms and 102-109 s,
 * the reads' CPU per request the same (docs/performance.md, "2026-12-07, late night"). Set
 * BUN_JSC_thresholdForFTLOptimizeAfterWarmUp in the environment to override it.
 */
export const FTL_THRESHOLD = '4000'

/**
 * How long mimalloc (Bun's allocator) keeps freed memory before returning it to the kernel, in ms:
 * what deploy/workforce.service and deploy/Dockerfile set (docs/operations.md, "Memory"), for every
 * server a measurement starts. With Bun's default (100 ms) a server returned pages between two
 * requests' allocations and faulted them back: workforce spent 5-10% more CPU per request under a
 * steady load, and a server that sat idle through the other side's window served its next window
 * 15% slower (docs/performance.md, 2026-12-07).
 */
export const PURGE_DELAY_MS = '1000'

/**
 * Starts a process (from the repository root, log level warn, FTL_THRESHOLD and PURGE_DELAY_MS
 * unless the environment sets them) and resolves once its stdout matches `ready`.
 */
export async function startProcess(cmd: string[], ready: RegExp, env: Record<string, string> = {}): Promise<{ proc: Subprocess; match: RegExpExecArray }> {
  const proc = Bun.spawn(cmd, {
    cwd: ROOT,
    env: {
      BUN_JSC_thresholdForFTLOptimizeAfterWarmUp: FTL_THRESHOLD,
      MIMALLOC_PURGE_DELAY: PURGE_DELAY_MS,
      ...process.env,
      WORKFORCE_LOG_LEVEL: 'warn',
      ...env,
    },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
  let out = ''
  for (;;) {
    const m = ready.exec(out)
    if (m) {
      void (async () => {
        while (!(await reader.read()).done);
      })()
      return { proc, match: m }
    }
    const { value, done } = await reader.read()
    if (done) throw new Error(`${cmd.join(' ')} exited before it was ready:\n${out}`)
    out += new TextDecoder().decode(value)
  }
}

/** What `workforce serve` prints once it listens; group 1 is its base URL. */
export const LISTENING = /listening on (http:\/\/[^\s/]+)/

/** CPU milliseconds (user + system) a process has used so far, from /proc/PID/stat (10 ms ticks). */
export function cpuMs(pid: number): number {
  return statCpuMs(readFileSync(`/proc/${pid}/stat`, 'utf8'))
}

/** utime + stime of a /proc stat line, in ms (USER_HZ = 100). */
function statCpuMs(stat: string): number {
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(rest[11]) + Number(rest[12])) * 1000) / 100
}

/** One thread's name (numbered pool threads counted as one name) and its CPU ms so far. */
export interface ThreadCpu {
  name: string
  ms: number
}

/**
 * CPU ms spent so far by each thread of a process but its main one, by thread id, 10 ms ticks:
 * JavaScriptCore's JIT compilers (`JITWorker`), garbage collector helpers, block pre-faulting
 * (`JSCWarmUp`), mimalloc's purge thread (`mi-scavenger`), Bun's pools. Threads come and go (JSC
 * ends idle compiler threads): compare two readings with `threadMsBetween`.
 */
export function threadsMs(pid: number): Map<string, ThreadCpu> {
  const byThread = new Map<string, ThreadCpu>()
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    if (task === String(pid)) continue
    try {
      const f = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8')
      const name = f.slice(f.indexOf('(') + 1, f.lastIndexOf(')')).replace(/\s*\d+$/, '')
      byThread.set(task, { name, ms: statCpuMs(f) })
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return byThread
}

/**
 * CPU ms each thread name spent between two readings (a thread that ended in between is not
 * counted: an undercount, never a negative).
 */
export function threadMsBetween(before: Map<string, ThreadCpu>, after: Map<string, ThreadCpu>): Map<string, number> {
  const byName = new Map<string, number>()
  for (const [thread, now] of after) {
    const ms = now.ms - (before.get(thread)?.ms ?? 0)
    if (ms > 0) byName.set(now.name, (byName.get(now.name) ?? 0) + ms)
  }
  return byName
}

/** The JIT compilers' share of a `threadMsBetween` answer. Nonzero over a timed window: the side was still compiling. */
export const jitMsOf = (byName: Map<string, number>): number => byName.get('JITWorker') ?? 0
