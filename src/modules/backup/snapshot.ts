/**
 * Online backups of the live database. bun:sqlite does not expose SQLite's online backup API, so a
 * snapshot is `VACUUM INTO`: it reads the database inside one read transaction and writes a
 * compact copy of exactly what that transaction sees. In WAL mode a reader never blocks writers
 * (nor they it), so the server keeps answering; every write committed before the snapshot's read
 * transaction began is in the copy, and none committed after it. While it runs, checkpoints cannot
 * fold the WAL past its snapshot, so the `-wal` file grows for the duration and shrinks after.
 */
import { Database } from 'bun:sqlite'
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, chmodSync } from 'node:fs'
import { setPriority } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'

/** The instance secret's file in the data directory (runtime.ts makes it on first start). */
export const INSTANCE_SECRET_FILE = 'instance.secret'
/** The instance secret saved beside a backup file FILE: FILE.secret (mode 0600). */
export const secretFileFor = (backupFile: string): string => `${backupFile}.secret`

/** A backup or restore the operator asked for that cannot be done; the message says why. */
export class BackupError extends Error {}

export interface SnapshotResult {
  file: string
  bytes: number
  ms: number
  /** Where the instance secret was saved beside the backup, or null when not asked to. */
  secretFile: string | null
}

export interface SnapshotOptions {
  /** Copy the data directory's instance.secret to FILE.secret (0600). */
  withSecret: boolean
  busyTimeoutMs?: number
}

/**
 * A backup is a chore that must not take CPU from requests: the calling thread goes to the
 * lowest priority (on Linux, setpriority on a thread lowers that thread only, so the daily job's
 * worker does not slow the server's event loop). Best effort: some systems refuse.
 */
function yieldCpu(): void {
  try {
    setPriority(19)
  } catch {
    // Not permitted here: the backup runs at normal priority.
  }
}

/** fsync a file or directory, so a rename is durable before we report success. */
export function fsyncPath(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * Takes a consistent snapshot of `dbFile` (a live database is fine) into `target`: written to a
 * temporary file beside it, checked with `PRAGMA quick_check`, fsynced, made 0600 and renamed
 * into place, so `target` is either a whole verified backup or absent. Refuses an existing target.
 */
export function takeSnapshot(dbFile: string, target: string, options: SnapshotOptions): SnapshotResult {
  const started = performance.now()
  const source = resolve(dbFile)
  const to = resolve(target)
  if (!existsSync(source)) throw new BackupError(`No database at ${source}: nothing to back up (is --data right?).`)
  if (to === source) throw new BackupError('The backup file cannot be the database itself.')
  if (existsSync(to)) throw new BackupError(`${to} already exists; choose another --to (a backup never overwrites a file).`)
  mkdirSync(dirname(to), { recursive: true, mode: 0o700 })
  yieldCpu()
  const partial = join(dirname(to), `.${basename(to)}.partial-${process.pid}`)
  rmSync(partial, { force: true })
  try {
    const db = new Database(source, { readwrite: true, create: false })
    try {
      db.exec(`PRAGMA busy_timeout = ${options.busyTimeoutMs ?? 5000}`)
      db.prepare('VACUUM INTO ?').run(partial)
    } finally {
      db.close()
    }
    const check = checkDatabaseFile(partial, 'quick')
    if (check !== 'ok') throw new BackupError(`The snapshot failed its integrity check: ${check}`)
    chmodSync(partial, 0o600)
    fsyncPath(partial)
    renameSync(partial, to)
    fsyncPath(dirname(to))
  } catch (e) {
    rmSync(partial, { force: true })
    throw e
  }
  let secretFile: string | null = null
  if (options.withSecret) {
    const secret = join(dirname(source), INSTANCE_SECRET_FILE)
    if (existsSync(secret)) {
      secretFile = secretFileFor(to)
      copyPrivate(secret, secretFile)
    }
  }
  return { file: to, bytes: statSync(to).size, ms: Math.round(performance.now() - started), secretFile }
}

/** Copies a file that must stay private: 0600 from its first byte, fsynced. */
export function copyPrivate(from: string, to: string): void {
  const partial = `${to}.partial-${process.pid}`
  copyFileSync(from, partial)
  chmodSync(partial, 0o600)
  fsyncPath(partial)
  renameSync(partial, to)
}

/**
 * `PRAGMA integrity_check` (or, `quick`, `quick_check`: the same without matching every index to
 * its table, about 3x faster) of a database file we made (a snapshot, or a restore's private copy;
 * opened read-write so a copy in WAL mode can be read): 'ok', or what is wrong with it (the
 * first problems SQLite lists, or why it could not be read at all, e.g. "file is not a database").
 * A file without the appliance's tables is refused too: it is some other SQLite database.
 */
export function checkDatabaseFile(file: string, depth: 'full' | 'quick' = 'full'): string {
  if (!existsSync(file)) return `no such file: ${file}`
  if (statSync(file).size === 0) return 'the file is empty'
  let db: Database | null = null
  try {
    db = new Database(file, { readwrite: true, create: false })
    const rows = db.query<Record<string, string>, []>(depth === 'full' ? 'PRAGMA integrity_check(20)' : 'PRAGMA quick_check(20)').all()
    const problems = rows.map((r) => Object.values(r)[0])
    if (problems.length !== 1 || problems[0] !== 'ok') return problems.join('; ')
    const tables = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('__drizzle_migrations', 'tenants')").all()
    if (tables.length !== 2) return 'not a workforce database (no __drizzle_migrations and tenants tables)'
    return 'ok'
  } catch (e) {
    return e instanceof Error ? e.message : String(e)
  } finally {
    db?.close()
  }
}

/** The instance secret as bytes, for comparing two secret files. */
export const readSecret = (file: string): string => readFileSync(file, 'utf8').trim()
