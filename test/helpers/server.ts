import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Subprocess } from 'bun'

const ROOT = join(import.meta.dir, '../..')

/** How tests run the product: the compiled binary when WORKFORCE_BIN is set, else the source entry. */
export function workforceCommand(): string[] {
  const bin = process.env.WORKFORCE_BIN
  return bin ? [bin] : ['bun', join(ROOT, 'src/main.ts')]
}

export interface TestServer {
  url: string
  port: number
  dataDir: string
  /** The public demo key printed at start. */
  demoKey: string
  demoTenant: string
  proc: Subprocess
  output(): string
  /** Runs a CLI command against the same data directory. */
  cli(args: string[], env?: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }>
  /** Sends SIGTERM and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>
}

export interface StartOptions {
  env?: Record<string, string>
  args?: string[]
  dataDir?: string
  /** Keep the data directory after stop (for restart tests). */
  keepData?: boolean
}

/** Collects a child's stdout and stderr as they arrive (read them at any time while it runs). */
export function captureOutput(proc: { stdout: unknown; stderr: unknown }): { out: () => string; err: () => string } {
  let out = ''
  let err = ''
  const pump = async (stream: ReadableStream<Uint8Array>, sink: (s: string) => void) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) sink(decoder.decode(chunk))
  }
  void pump(proc.stdout as ReadableStream<Uint8Array>, (s) => (out += s))
  void pump(proc.stderr as ReadableStream<Uint8Array>, (s) => (err += s))
  return { out: () => out, err: () => err }
}

/** Starts a real server on a random port with a temporary data directory. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'wf-test-'))
  const env = { ...process.env, WORKFORCE_LOG_LEVEL: 'warn', ...options.env }
  const proc = Bun.spawn([...workforceCommand(), 'serve', '--port', '0', '--data', dataDir, ...(options.args ?? [])], {
    env,
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const captured = captureOutput(proc)

  const deadline = Date.now() + 120_000
  while (!/listening on http:\/\/[^:]+:(\d+)/.test(captured.out()) || !captured.out().includes('"Authorization"')) {
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}\n${captured.out()}\n${captured.err()}`)
    if (Date.now() > deadline) throw new Error(`server did not start\n${captured.out()}\n${captured.err()}`)
    await Bun.sleep(25)
  }
  const port = Number(/listening on http:\/\/[^:]+:(\d+)/.exec(captured.out())![1])
  const demoKey = /Public demo key \(read-only\): (\S+)/.exec(captured.out())?.[1] ?? ''
  const demoTenant = /Demo tenant:\s+(\S+)/.exec(captured.out())?.[1] ?? ''
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    port,
    dataDir,
    demoKey,
    demoTenant,
    proc,
    output: () => captured.out() + captured.err(),
    cli: (args, extraEnv) => runCli([...args, '--data', dataDir], { ...env, ...extraEnv }),
    async stop(signal = 'SIGTERM') {
      if (proc.exitCode === null) proc.kill(signal)
      const code = await proc.exited
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true })
      return code
    },
  }
}

export async function runCli(args: string[], env: Record<string, string | undefined> = process.env) {
  const proc = Bun.spawn([...workforceCommand(), ...args], { env: { WORKFORCE_LOG_LEVEL: 'warn', ...env }, stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { code, stdout, stderr }
}
