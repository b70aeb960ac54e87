import { join, resolve } from 'node:path'
import { isLogLevel, LOG_LEVELS, type LogLevel } from './log'

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
  /** Client API (wf_live_ keys) requests per key per UTC hour and day. */
  clientRateLimitPerHour: number
  clientRateLimitPerDay: number
  /** Client API requests per tenant (all its keys together) per UTC hour and day. */
  clientTenantRateLimitPerHour: number
  clientTenantRateLimitPerDay: number
  /** Emails (invitations) a tenant may queue in any 60 minutes. */
  mailLimitPerHour: number
  /** OAuth client registrations (POST /oauth/register) per client address in any 60 minutes. */
  oauthRegisterLimitPerHour: number
  jobsEnabled: boolean
  /** Directory of the daily backup job (`backup.daily`); null: the job does nothing. */
  backupDir: string | null
  /** How many daily backups the job keeps in backupDir (the oldest beyond go). */
  backupKeep: number
  /** Origins allowed to call the MCP endpoint from a browser, besides same-host ones. */
  allowedOrigins: string[]
  /**
   * Host names this box answers to besides loopback names, the bound address and the public URL's
   * host (DNS rebinding guard, surfaces/host-guard.ts): `name`, `.suffix` for subdomains, `*` for any.
   */
  allowedHosts: string[]
  /** The public demo key of the default demo tenant, once serve has derived it (snippets use it). */
  publicDemoKey: string | null
  /** Bearer token that opens /metrics to non-loopback callers (WORKFORCE_METRICS_TOKEN); null: loopback only. */
  metricsToken: string | null
  /** PEM certificate (chain) file for HTTPS without a proxy (--tls-cert / WORKFORCE_TLS_CERT); null: plain HTTP. */
  tlsCert: string | null
  /** PEM private key file of tlsCert (--tls-key / WORKFORCE_TLS_KEY). */
  tlsKey: string | null
  /**
   * MCP tools beyond the specification's 24 (projects, tasks, presence, overtime, missing
   * timesheets, productivity trend, approve/reject): `--mcp-extended-tools` or
   * WORKFORCE_MCP_EXTENDED_TOOLS=on. Off by default, so tools/list is exactly the spec's list.
   */
  mcpExtendedTools: boolean
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
  backupKeep: 7,
  clientRateLimitPerHour: 3600,
  clientRateLimitPerDay: 40_000,
  clientTenantRateLimitPerHour: 200_000,
  clientTenantRateLimitPerDay: 2_000_000,
  mailLimitPerHour: 50,
  oauthRegisterLimitPerHour: 60,
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

const atLeastOne = (name: string, n: number): number => {
  if (n < 1) throw new Error(`${name} must be at least 1, not ${n}`)
  return n
}

/** A switch: on/true/1 or off/false/0 (empty or unset: off); anything else is refused. */
function onOff(name: string, v: string | undefined): boolean {
  const value = (v ?? '').trim().toLowerCase()
  if (value === '' || value === 'off' || value === 'false' || value === '0') return false
  if (value === 'on' || value === 'true' || value === '1') return true
  throw new Error(`${name} must be on or off, not "${v}".`)
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

/** The log level, refused with the accepted ones when unknown. */
function logLevelOf(v: string): LogLevel | 'silent' {
  if (isLogLevel(v)) return v
  throw new Error(`Unknown log level "${v}" (--log-level / WORKFORCE_LOG_LEVEL): use one of ${LOG_LEVELS.join(', ')}.`)
}

/** An absolute http(s) URL without credentials, query or fragment; returned without a trailing slash. */
export function checkPublicUrl(v: string): string {
  let url: URL
  try {
    url = new URL(v)
  } catch {
    throw new Error(`Malformed public URL "${v}" (--public-url / WORKFORCE_PUBLIC_URL): give an absolute URL such as https://workforce.example.com.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`Public URL "${v}" must start with http:// or https://.`)
  if (url.username || url.password || url.search || url.hash) throw new Error(`Public URL "${v}" must not carry credentials, a query or a fragment.`)
  return url.href.replace(/\/+$/, '')
}

/** Builds the configuration; `overrides` come from flags and win over the environment. */
export function loadConfig(overrides: Partial<RuntimeConfig> = {}, env: Env = process.env): RuntimeConfig {
  const host = overrides.host ?? env.WORKFORCE_HOST ?? DEFAULTS.host
  const port = overrides.port ?? int(env.WORKFORCE_PORT, DEFAULTS.port)
  const dataDir = resolve(overrides.dataDir ?? env.WORKFORCE_DATA ?? DEFAULTS.dataDir)
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
  const tlsCert = overrides.tlsCert !== undefined ? overrides.tlsCert : env.WORKFORCE_TLS_CERT ? resolve(env.WORKFORCE_TLS_CERT) : null
  const tlsKey = overrides.tlsKey !== undefined ? overrides.tlsKey : env.WORKFORCE_TLS_KEY ? resolve(env.WORKFORCE_TLS_KEY) : null
  return {
    host,
    port,
    dataDir,
    // An empty WORKFORCE_PUBLIC_URL (as in `WORKFORCE_PUBLIC_URL=` in an env file) means unset.
    publicUrl: checkPublicUrl(overrides.publicUrl || env.WORKFORCE_PUBLIC_URL || `${tlsCert ? 'https' : 'http'}://${shownHost}:${port}`),
    logLevel: logLevelOf(overrides.logLevel ?? env.WORKFORCE_LOG_LEVEL ?? DEFAULTS.logLevel),
    smtp: overrides.smtp !== undefined ? overrides.smtp : smtpFrom(env),
    webhookAllowCidrs: overrides.webhookAllowCidrs ?? list(env.WORKFORCE_WEBHOOK_ALLOW_CIDRS),
    bodyLimitBytes: overrides.bodyLimitBytes ?? int(env.WORKFORCE_BODY_LIMIT_BYTES, DEFAULTS.bodyLimitBytes),
    rateLimitPerHour: overrides.rateLimitPerHour ?? int(env.WORKFORCE_RATE_LIMIT_HOUR, DEFAULTS.rateLimitPerHour),
    rateLimitPerDay: overrides.rateLimitPerDay ?? int(env.WORKFORCE_RATE_LIMIT_DAY, DEFAULTS.rateLimitPerDay),
    mcpRateLimitPerMinute: overrides.mcpRateLimitPerMinute ?? int(env.WORKFORCE_MCP_RATE_LIMIT_MINUTE, DEFAULTS.mcpRateLimitPerMinute),
    clientRateLimitPerHour: overrides.clientRateLimitPerHour ?? int(env.WORKFORCE_CLIENT_RATE_LIMIT_HOUR, DEFAULTS.clientRateLimitPerHour),
    clientRateLimitPerDay: overrides.clientRateLimitPerDay ?? int(env.WORKFORCE_CLIENT_RATE_LIMIT_DAY, DEFAULTS.clientRateLimitPerDay),
    clientTenantRateLimitPerHour:
      overrides.clientTenantRateLimitPerHour ?? int(env.WORKFORCE_CLIENT_TENANT_RATE_LIMIT_HOUR, DEFAULTS.clientTenantRateLimitPerHour),
    clientTenantRateLimitPerDay: overrides.clientTenantRateLimitPerDay ?? int(env.WORKFORCE_CLIENT_TENANT_RATE_LIMIT_DAY, DEFAULTS.clientTenantRateLimitPerDay),
    mailLimitPerHour: overrides.mailLimitPerHour ?? int(env.WORKFORCE_MAIL_LIMIT_HOUR, DEFAULTS.mailLimitPerHour),
    oauthRegisterLimitPerHour: overrides.oauthRegisterLimitPerHour ?? int(env.WORKFORCE_OAUTH_REGISTER_LIMIT_HOUR, DEFAULTS.oauthRegisterLimitPerHour),
    jobsEnabled: overrides.jobsEnabled ?? env.WORKFORCE_JOBS !== 'off',
    backupDir: overrides.backupDir !== undefined ? overrides.backupDir : env.WORKFORCE_BACKUP_DIR ? resolve(env.WORKFORCE_BACKUP_DIR) : null,
    backupKeep: overrides.backupKeep ?? atLeastOne('WORKFORCE_BACKUP_KEEP', int(env.WORKFORCE_BACKUP_KEEP, DEFAULTS.backupKeep)),
    allowedOrigins: overrides.allowedOrigins ?? list(env.WORKFORCE_ALLOWED_ORIGINS),
    allowedHosts: overrides.allowedHosts ?? list(env.WORKFORCE_ALLOWED_HOSTS),
    publicDemoKey: overrides.publicDemoKey ?? null,
    metricsToken: overrides.metricsToken ?? (env.WORKFORCE_METRICS_TOKEN || null),
    tlsCert,
    tlsKey,
    mcpExtendedTools: overrides.mcpExtendedTools ?? onOff('WORKFORCE_MCP_EXTENDED_TOOLS', env.WORKFORCE_MCP_EXTENDED_TOOLS),
  }
}

export const databaseFile = (config: Pick<RuntimeConfig, 'dataDir'>): string => join(config.dataDir, 'workforce.db')
