import { Option } from 'commander'
import { checkPublicUrl, loadConfig, type RuntimeConfig } from '../kernel/config'
import { createLogger } from '../kernel/log'
import { DomainError } from '../kernel/errors'
import { openRuntime, type Runtime } from '../runtime'
import { runningServer } from '../kernel/data-lock'
import { findTenantByReference, findTenantCtx } from '../modules/tenants/queries'
import type { TenantCtx } from '../kernel/ctx'

/** `--data DIR` on every command that opens the database. */
export const dataOption = () => new Option('--data <dir>', 'data directory holding workforce.db').env('WORKFORCE_DATA').default('./data')

/** `--public-url URL` on commands that print links or MCP client snippets. */
export const publicUrlOption = () =>
  new Option('--public-url <url>', 'base URL clients use to reach this box (default: that of the server running on --data, else http://127.0.0.1:8080)').env(
    'WORKFORCE_PUBLIC_URL',
  )

export interface DataOpts {
  data: string
  publicUrl?: string
}

/**
 * Opens the runtime for an operator command; logs stay quiet unless asked for. Links and snippets
 * use --public-url / WORKFORCE_PUBLIC_URL, else the URL the server running on this data directory
 * published at start (server.json, trusted while it holds the lock), else the default.
 */
function openForCli(opts: DataOpts, overrides: Partial<RuntimeConfig> = {}): Runtime {
  const config = loadConfig({ dataDir: opts.data, logLevel: 'warn', ...overrides })
  const explicit = opts.publicUrl || process.env.WORKFORCE_PUBLIC_URL
  if (explicit) config.publicUrl = checkPublicUrl(explicit)
  else {
    const url = runningServerUrl(config.dataDir)
    if (url) config.publicUrl = url
  }
  return openRuntime(config, createLogger(config.logLevel))
}

/** The public URL of the server on this data directory; one still starting (migrating, seeding) is given up to 10 s to listen. */
function runningServerUrl(dataDir: string): string | null {
  const deadline = Date.now() + 10_000
  for (let running = runningServer(dataDir); running; running = runningServer(dataDir)) {
    if (running.publicUrl) return running.publicUrl
    if (Date.now() > deadline) return null
    Bun.sleepSync(100)
  }
  return null
}

export function resolveTenant(rt: Runtime, ref: string): TenantCtx {
  const row = findTenantByReference(rt.db, ref)
  const ctx = row ? findTenantCtx(rt.db, row.id) : null
  if (!ctx) throw new CliError(`No tenant "${ref}". List them with: workforce tenant list`)
  return ctx
}

/** An error the operator caused: printed without a stack, exit code 2. */
export class CliError extends Error {}

/** Runs a command body with a runtime, closing it after, and turns errors into clear messages. */
export async function withRuntime(opts: DataOpts, body: (rt: Runtime) => Promise<void> | void): Promise<void> {
  const rt = openForCli(opts)
  try {
    await body(rt)
  } finally {
    rt.close()
  }
}

export function reportCliError(e: unknown): never {
  if (e instanceof CliError) console.error(`error: ${e.message}`)
  else if (e instanceof DomainError) console.error(`error (${e.code}): ${e.message}`)
  else console.error(e instanceof Error ? `error: ${e.message}` : `error: ${String(e)}`)
  process.exit(2)
}

export const printJson = (v: unknown) => console.log(JSON.stringify(v, null, 2))
