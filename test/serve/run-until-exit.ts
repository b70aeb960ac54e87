import { workforceCommand } from '../helpers/server'

export interface Finished {
  /** The exit code, or null when the process was still running at the deadline (then killed). */
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs a workforce command that is expected to refuse and exit. A command that starts serving
 * instead is killed at the deadline and reported with code null, so a test fails instead of hanging.
 */
export async function runUntilExit(args: string[], options: { env?: Record<string, string>; wrap?: string[]; deadlineMs?: number } = {}): Promise<Finished> {
  const proc = Bun.spawn([...(options.wrap ?? []), ...workforceCommand(), ...args], {
    env: { ...process.env, WORKFORCE_LOG_LEVEL: 'warn', ...options.env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    proc.kill('SIGKILL')
  }, options.deadlineMs ?? 20_000)
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  clearTimeout(timer)
  return { code: timedOut ? null : code, stdout, stderr }
}
