import pino from 'pino'

/**
 * Structured JSON logs, one object per line, on stderr (stdout stays for command output), written
 * by pino. Each line: `{"level":"info","time":"<ISO>","msg":"…",…fields}`.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

/** The levels `--log-level` / WORKFORCE_LOG_LEVEL accept. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const

export const isLogLevel = (v: string): v is LogLevel | 'silent' => (LOG_LEVELS as readonly string[]).includes(v)

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  child(fields: Record<string, unknown>): Logger
  /**
   * info for lines whose field NAMES are fixed by the caller and none of them is a secret field
   * (the access line: request id, method, route, status, ms, tenant, key prefix): written without
   * the redaction pass, which costs about 10 µs a line (two thirds of an access line). Never pass
   * fields you did not name yourself (a body, headers, an error's details): use info.
   */
  infoFixedFields(msg: string, fields: Record<string, unknown>): void
  /** Whether info lines are written (false at --log-level warn and above): lets a caller skip building one. */
  readonly infoEnabled: boolean
}

/** Field names whose values are never written, wherever they sit in a line's first two levels. */
const SECRET_FIELDS = ['authorization', 'key', 'secret', 'token', 'password', 'pass', 'signingSecret', 'totpSecret']

function wrap(p: pino.Logger, plain: pino.Logger): Logger {
  return {
    debug: (m, f) => p.debug(f ?? {}, m),
    info: (m, f) => p.info(f ?? {}, m),
    warn: (m, f) => p.warn(f ?? {}, m),
    error: (m, f) => p.error(f ?? {}, m),
    child: (fields) => wrap(p.child(fields), plain.child(fields)),
    infoFixedFields: (m, f) => plain.info(f, m),
    infoEnabled: plain.isLevelEnabled('info'),
  }
}

export function createLogger(level: LogLevel | 'silent' = 'info', base: Record<string, unknown> = {}): Logger {
  const options = {
    level,
    base: null,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  }
  // Synchronous writes: a line logged just before exit (a refused start, a crash) is not lost.
  // One destination for both loggers, so their lines never interleave within a line.
  const destination = pino.destination({ fd: 2, sync: true })
  const p = pino({ ...options, redact: { paths: SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]), censor: '[redacted]' } }, destination)
  const plain = pino(options, destination)
  return Object.keys(base).length ? wrap(p.child(base), plain.child(base)) : wrap(p, plain)
}

export const silentLogger: Logger = createLogger('silent')

/**
 * Sends what libraries print with console.* (Elysia's `[Sucrose]` inference warnings, for one)
 * through `log` as JSON lines at warn, so a server's stderr and stdout carry nothing else once
 * it has printed its start-up banner.
 */
export function routeConsoleTo(log: Logger): void {
  const text = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? (a.stack ?? a.message) : Bun.inspect(a))).join(' ')
  console.log = (...args: unknown[]) => log.warn('console output', { text: text(args) })
  console.info = console.log
  console.debug = (...args: unknown[]) => log.debug('console output', { text: text(args) })
  console.warn = console.log
  console.error = (...args: unknown[]) => log.error('console output', { text: text(args) })
}
