import { Database } from 'bun:sqlite'
import { accessSync, closeSync, constants, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SERVER_VERSION } from './version'

/**
 * One server per data directory.
 *
 * The lock is a real OS-level lock, taken through SQLite on a tiny side database `serve.lock`:
 * fcntl byte-range locks on Linux and macOS, LockFileEx on Windows, i.e. the very locks that
 * already keep workforce.db consistent, with no native code of our own. The kernel drops it when
 * the process dies, SIGKILL and power cut included, so there is no stale lock to clean up and no
 * PID to guess about (an O_EXCL file with a PID check would misjudge a reused PID and needs a
 * racy "delete the stale file" step). The lock database is opened with locking_mode=EXCLUSIVE, so
 * a connection keeps every lock it takes until it closes:
 *
 * - `serve` writes its PID into it: an EXCLUSIVE lock, refused while anyone else holds any lock;
 * - `serve --reuse-port` (the scale-out opt-in) only reads it: a SHARED lock, so several such
 *   processes share the directory, and a plain `serve` is refused while they run.
 *
 * A locked SQLite file cannot be read by others, so the holder also writes `server.json` (PID,
 * URLs, version, start time) beside it; it is trusted only while the lock is held.
 */
export const LOCK_FILE = 'serve.lock'
export const SERVER_INFO_FILE = 'server.json'

export interface ServerInfo {
  pid: number
  version: string
  startedAt: string
  /** The address it listens on, and the URL clients use (null until it listens). */
  url: string | null
  publicUrl: string | null
  /** Started with --reuse-port: shares the directory with other such processes. */
  shared: boolean
}

export interface DataLock {
  /** Records where this server answers, for the CLI's snippets (`workforce tenant create`). */
  publish(urls: { url: string; publicUrl: string }): void
  release(): void
}

/** Creates the data directory (mode 700) and says clearly why not, or why it cannot be written. */
export function ensureDataDir(dataDir: string): void {
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  } catch (e) {
    throw new Error(`cannot create the data directory ${dataDir}: ${reason(e)}`)
  }
  try {
    accessSync(dataDir, constants.W_OK)
  } catch (e) {
    const fix = (e as NodeJS.ErrnoException).code === 'EROFS' ? 'Mount it read-write' : `Give this user (uid ${process.getuid?.() ?? '?'}) write access to it`
    throw new Error(
      `the data directory ${dataDir} is not writable (${reason(e)}): the database ${join(dataDir, 'workforce.db')} and its -wal and -shm files are written there, even to read. ${fix}, or point --data / WORKFORCE_DATA elsewhere.`,
    )
  }
}

/** Each of `files` that exists must be writable by this process; else the file is named with the reason. */
export function assertWritableFiles(files: string[]): void {
  for (const file of files) {
    if (!existsSync(file)) continue
    try {
      accessSync(file, constants.W_OK)
    } catch (e) {
      throw new Error(
        `${file} is not writable (${reason(e)}) by this user (uid ${process.getuid?.() ?? '?'}): the server writes it even to read. Give it back to the user that runs workforce (e.g. chown), or run as that user.`,
      )
    }
  }
}

/** Creates `file` empty with mode 600 unless it exists, so SQLite (and its -wal/-shm, which copy the mode) never make it world-readable. */
export function createPrivateFile(file: string): void {
  if (existsSync(file)) return
  try {
    closeSync(openSync(file, 'wx', 0o600))
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new Error(`cannot create ${file}: ${reason(e)}`)
  }
}

function reason(e: unknown): string {
  const err = e as NodeJS.ErrnoException
  switch (err.code) {
    case 'EROFS':
      return 'read-only file system'
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'ENOTDIR':
    case 'EEXIST':
      return 'a path component is not a directory'
    case 'ENOSPC':
      return 'no space left on device'
    default:
      return err.message ?? String(e)
  }
}

/** How long a starting server waits for a CLI command's momentary probe (runningServer) to let go. */
const ACQUIRE_WAIT_MS = 1000

/**
 * Takes the data directory for this process, or throws naming the holder. `shared` is the
 * --reuse-port opt-in: several shared holders coexist, an exclusive one excludes everyone.
 */
export function acquireDataLock(dataDir: string, options: { shared?: boolean } = {}): DataLock {
  const file = join(dataDir, LOCK_FILE)
  createPrivateFile(file)
  const db = new Database(file, { create: true, strict: true })
  try {
    db.exec(`PRAGMA busy_timeout = ${ACQUIRE_WAIT_MS}`)
    db.exec('PRAGMA locking_mode = EXCLUSIVE')
    if (options.shared) {
      // The first read takes a SHARED lock, kept until close in this locking mode.
      db.exec('BEGIN')
      db.query('SELECT count(*) FROM sqlite_master').get()
      db.exec('COMMIT')
    } else {
      db.exec('PRAGMA journal_mode = MEMORY') // no -journal file beside it
      db.exec('BEGIN EXCLUSIVE')
      db.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL, started_at TEXT NOT NULL)')
      // A real write each time: that is what makes the kept lock EXCLUSIVE rather than SHARED.
      db.exec('DELETE FROM holder')
      db.query('INSERT INTO holder (pid, started_at) VALUES (?, ?)').run(process.pid, new Date().toISOString())
      db.exec('COMMIT')
    }
  } catch (e) {
    db.close()
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw new Error(inUseMessage(dataDir, readServerInfo(dataDir), options.shared ?? false))
    throw new Error(`cannot lock the data directory ${dataDir} (${file}): ${e instanceof Error ? e.message : String(e)}`)
  }
  const info: ServerInfo = {
    pid: process.pid,
    version: SERVER_VERSION,
    startedAt: new Date().toISOString(),
    url: null,
    publicUrl: null,
    shared: options.shared ?? false,
  }
  // Whatever server.json says now is from an earlier (or, when shared, a sibling) process.
  writeServerInfo(dataDir, info)
  let released = false
  return {
    publish(urls) {
      Object.assign(info, urls)
      writeServerInfo(dataDir, info)
    },
    release() {
      if (released) return
      released = true
      if (readServerInfo(dataDir)?.pid === process.pid) rmSync(join(dataDir, SERVER_INFO_FILE), { force: true })
      db.close()
    },
  }
}

function inUseMessage(dataDir: string, holder: ServerInfo | null, shared: boolean): string {
  const who = holder
    ? `workforce serve (PID ${holder.pid}${holder.url ? `, listening on ${holder.url}` : ''}, started ${holder.startedAt}${holder.shared ? ', --reuse-port' : ''})`
    : 'another workforce serve'
  const how =
    holder?.shared && !shared
      ? 'Stop it, or start this one with --reuse-port too (scale-out: processes started with --reuse-port share the port and the data directory).'
      : 'One server per data directory: stop it first, or use another --data directory.'
  return `the data directory ${dataDir} is in use by ${who}. ${how}`
}

function writeServerInfo(dataDir: string, info: ServerInfo): void {
  const file = join(dataDir, SERVER_INFO_FILE)
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 })
  renameSync(tmp, file)
}

function readServerInfo(dataDir: string): ServerInfo | null {
  try {
    const v = JSON.parse(readFileSync(join(dataDir, SERVER_INFO_FILE), 'utf8')) as ServerInfo
    return typeof v.pid === 'number' ? v : null
  } catch {
    return null
  }
}

/**
 * The server running on this data directory, if one is: its server.json, trusted only because
 * the lock is held right now. The probe takes and drops a lock in a moment, never waits, and
 * creates nothing.
 */
export function runningServer(dataDir: string): ServerInfo | null {
  const file = join(dataDir, LOCK_FILE)
  if (!existsSync(file)) return null
  let db: Database
  try {
    db = new Database(file, { readonly: true })
  } catch {
    return null
  }
  try {
    db.exec('BEGIN')
    db.query('SELECT count(*) FROM sqlite_master').get()
    db.exec('COMMIT')
  } catch (e) {
    // SHARED refused: an exclusive holder (plain serve) has it.
    db.close()
    return (e as { code?: string }).code === 'SQLITE_BUSY' ? readServerInfo(dataDir) : null
  }
  db.close()
  // SHARED granted: nobody, or --reuse-port servers only; they say so in server.json.
  const info = readServerInfo(dataDir)
  return info?.shared && isAlive(info.pid) ? info : null
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}
