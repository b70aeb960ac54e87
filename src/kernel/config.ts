import { join, resolve } from 'node:path'
import type { LogLevel } from './log'

export interface SmtpConfig {
  host: string
  port: number
  secure: boolean
  user: string | null
  pass: string | null
  from: string
}

/** Everything the running appliance is configured with. Flags, then WORKFORCE_* env, then defaults. */
export interface RuntimeConfig {
  host: string
  port: number
  dataDir: string
  /** Base URL clients reach this box at; used in config snippets and links. */
  publicUrl: string
  logLevel: LogLevel | 'silent'
  smtp: SmtpConfig | null
  /** CIDR ranges where webhook receivers may live although private (e.g. 10.0.0.0/8, 127.0.0.0/8). */
  webhookAllowCidrs: string[]
  /** Request body cap in bytes; larger bodies get 413 payload_too_large. */
  bodyLimitBytes: number
  rateLimitPerHour: number
  rateLimitPerDay: number
  /** MCP tool calls per key per minute. */
  mcpRateLimitPerMinute: number
  jobsEnabled: boolean
  /** Origins allowed to call the MCP endpoint from a browser, besides same-host ones. */
  allowedOrigins: string[]
  /**
   * Host names this box answers to besides loopback names, the bound address and the public URL's
   * host (DNS rebinding guard, surfaces/host-guard.ts): `name`, `.suffix` for subdomains, `*` for any.
   */
  allowedHosts: string[]
  /** The public demo key of the default demo tenant, once serve has derived it (snippets use it). */
  publicDemoKey: string | null
}

export const DEFAULTS = {
  host: '127.0.0.1',
  port: 8080,
  dataDir: './data',
  logLevel: 'info' as LogLevel,
  bodyLimitBytes: 1_048_576,
  rateLimitPerHour: 2000,
  rateLimitPerDay: 10000,
  mcpRateLimitPerMinute: 600,
}

type Env = Record<string, string | undefined>

const list = (v: string | undefined): string[] =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

const int = (v: string | number | undefined, fallback: number): number => {
  if (v === undefined || v === '') return fallback
  const n = typeof v === 'number' ? v : Number.parseInt(v, 10)
  if (!Number.isFinite(n)) throw new Error(`Not a number: ${v}`)
  return n
}

function smtpFrom(env: Env): SmtpConfig | null {
  const host = env.WORKFORCE_SMTP_HOST
  if (!host) return null
  return {
    host,
    port: int(env.WORKFORCE_SMTP_PORT, 587),
    secure: env.WORKFORCE_SMTP_SECURE === 'true',
    user: env.WORKFORCE_SMTP_USER ?? null,
    pass: env.WORKFORCE_SMTP_PASS ?? null,
    from: env.WORKFORCE_SMTP_FROM ?? 'workforce@localhost',
  }
}

/** Builds the configuration; `overrides` come from flags and win over the environment. */
export function loadConfig(overrides: Partial<RuntimeConfig> = {}, env: Env = process.env): RuntimeConfig {
  const host = overrides.host ?? env.WORKFORCE_HOST ?? DEFAULTS.host
  const port = overrides.port ?? int(env.WORKFORCE_PORT, DEFAULTS.port)
  const dataDir = resolve(overrides.dataDir ?? env.WORKFORCE_DATA ?? DEFAULTS.dataDir)
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  return {
    host,
    port,
    dataDir,
    publicUrl: overrides.publicUrl ?? env.WORKFORCE_PUBLIC_URL ?? `http://${shownHost}:${port}`,
    logLevel: overrides.logLevel ?? (env.WORKFORCE_LOG_LEVEL as LogLevel | undefined) ?? DEFAULTS.logLevel,
    smtp: overrides.smtp !== undefined ? overrides.smtp : smtpFrom(env),
    webhookAllowCidrs: overrides.webhookAllowCidrs ?? list(env.WORKFORCE_WEBHOOK_ALLOW_CIDRS),
    bodyLimitBytes: overrides.bodyLimitBytes ?? int(env.WORKFORCE_BODY_LIMIT_BYTES, DEFAULTS.bodyLimitBytes),
    rateLimitPerHour: overrides.rateLimitPerHour ?? int(env.WORKFORCE_RATE_LIMIT_HOUR, DEFAULTS.rateLimitPerHour),
    rateLimitPerDay: overrides.rateLimitPerDay ?? int(env.WORKFORCE_RATE_LIMIT_DAY, DEFAULTS.rateLimitPerDay),
    mcpRateLimitPerMinute: overrides.mcpRateLimitPerMinute ?? int(env.WORKFORCE_MCP_RATE_LIMIT_MINUTE, DEFAULTS.mcpRateLimitPerMinute),
    jobsEnabled: overrides.jobsEnabled ?? env.WORKFORCE_JOBS !== 'off',
    allowedOrigins: overrides.allowedOrigins ?? list(env.WORKFORCE_ALLOWED_ORIGINS),
    allowedHosts: overrides.allowedHosts ?? list(env.WORKFORCE_ALLOWED_HOSTS),
    publicDemoKey: overrides.publicDemoKey ?? null,
  }
}

export const databaseFile = (config: Pick<RuntimeConfig, 'dataDir'>): string => join(config.dataDir, 'workforce.db')
