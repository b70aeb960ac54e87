/** Structured JSON logs, one object per line, on stderr (stdout stays for command output). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  child(fields: Record<string, unknown>): Logger
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export function createLogger(level: LogLevel | 'silent' = 'info', base: Record<string, unknown> = {}): Logger {
  const min = level === 'silent' ? Infinity : LEVELS[level]
  const write = (lvl: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (LEVELS[lvl] < min) return
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields })
    process.stderr.write(`${line}\n`)
  }
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }),
  }
}

export const silentLogger: Logger = createLogger('silent')
