/**
 * Restoring a backup into a stopped instance: the backup is copied into the data directory and
 * checked there (`PRAGMA integrity_check`) before anything of the instance is touched; the
 * current database is set aside under a new name, never deleted; a data directory that a running
 * process holds open is refused. The rate-limit counters' file (counters.db) is neither in a
 * backup nor touched here: budgets already spent stay spent (docs/operations.md).
 */
import { Database } from 'bun:sqlite'
import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { BackupError, checkDatabaseFile, copyPrivate, fsyncPath, INSTANCE_SECRET_FILE, readSecret, secretFileFor } from './snapshot'

const DATABASE_FILE = 'workforce.db'
const SIDE_FILES = ['-wal', '-shm']

export interface RestoreOptions {
  /** The instance secret to restore; default: FILE.secret beside the backup, if there is one. */
  secretFile?: string | null
  /** Names the files set aside (`….before-restore-<stamp>`). */
  now: number
  /** How long to wait for a process that holds the database to let go before refusing. */
  lockWaitMs?: number
  /** Replace a current database too damaged to open (the operator says no process uses it). */
  force?: boolean
}

export interface RestoreResult {
  database: string
  /** Files of the instance renamed aside (database, its WAL, the old secret). */
  setAside: string[]
  /**
   * restored: the backup's secret is now the instance's; unchanged: it already was; kept: no
   * secret came with the backup, the data directory's own stays; missing: neither exists, the
   * next start makes a new one.
   */
  secret: 'restored' | 'unchanged' | 'kept' | 'missing'
}

const stampOf = (now: number): string =>
  new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')

/**
 * Refuses when another process has the database open (a running `serve`, or any CLI command).
 * Every connection to a WAL database holds a shared lock on its shared-memory index while open,
 * idle or not; a connection in `locking_mode = EXCLUSIVE` can only begin a transaction when no
 * other connection exists. Closing our connection then checkpoints the WAL into the file, so the
 * database set aside is complete on its own.
 */
export function assertNotInUse(dbFile: string, waitMs = 1000, replaceUnreadable = false): void {
  if (!existsSync(dbFile)) return
  let db: Database | null = null
  try {
    db = new Database(dbFile, { readwrite: true, create: false })
    db.exec(`PRAGMA busy_timeout = ${waitMs}`)
    db.exec('PRAGMA locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
    db.exec('COMMIT')
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    if (/locked|busy/i.test(message))
      throw new BackupError(`${dbFile} is in use by another process (a running \`workforce serve\`?). Stop it first; nothing was changed.`)
    // A database too damaged to open cannot say whether a process holds it: the operator must.
    if (replaceUnreadable) return
    throw new BackupError(
      `Cannot open the current database ${dbFile} to check that no server uses it: ${message}. Nothing was changed. If no workforce process runs on this directory, add --force.`,
    )
  } finally {
    try {
      db?.close()
    } catch {
      // An unreadable database may refuse even to close cleanly; it is set aside next.
    }
  }
}

/** Restores `backupFile` into `dataDir` (created 0700 if missing). Throws BackupError, changing nothing, when refused. */
export function restoreInto(backupFile: string, dataDir: string, options: RestoreOptions): RestoreResult {
  const backup = resolve(backupFile)
  const dir = resolve(dataDir)
  const dbFile = join(dir, DATABASE_FILE)
  if (!existsSync(backup)) throw new BackupError(`No backup file at ${backup}.`)
  if (backup === dbFile) throw new BackupError('The backup file is the database itself; restore from a copy.')
  const secretSource = options.secretFile != null ? resolve(options.secretFile) : existsSync(secretFileFor(backup)) ? secretFileFor(backup) : null
  if (secretSource) {
    if (!existsSync(secretSource)) throw new BackupError(`No instance secret at ${secretSource}.`)
    if (!/^[0-9a-f]{64}$/.test(readSecret(secretSource)))
      throw new BackupError(`${secretSource} is not an instance secret (64 hex characters expected). Nothing was changed.`)
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 })

  // 1. A private copy inside the data directory, checked before the instance is touched.
  const incoming = join(dir, `.${DATABASE_FILE}.restoring-${process.pid}`)
  const removeIncoming = () => {
    for (const f of [incoming, ...SIDE_FILES.map((s) => incoming + s)]) rmSync(f, { force: true })
  }
  removeIncoming()
  try {
    copyFileSync(backup, incoming)
    chmodSync(incoming, 0o600)
    const check = checkDatabaseFile(incoming)
    if (check !== 'ok') throw new BackupError(`${backup} is not a usable backup: ${check}. Nothing was changed.`)
    fsyncPath(incoming)

    // 2. Nobody may hold the current database; our own last connection folds its WAL in.
    assertNotInUse(dbFile, options.lockWaitMs, options.force)
  } catch (e) {
    removeIncoming()
    throw e
  }

  // 3. The current files go aside, the checked copy takes their place.
  const secretTarget = join(dir, INSTANCE_SECRET_FILE)
  const current = [dbFile, ...SIDE_FILES.map((s) => dbFile + s), secretTarget]
  let suffix = `.before-restore-${stampOf(options.now)}`
  for (let n = 2; current.some((f) => existsSync(f + suffix)); n++) suffix = `.before-restore-${stampOf(options.now)}-${n}`
  const setAside: string[] = []
  for (const f of [dbFile, ...SIDE_FILES.map((s) => dbFile + s)]) {
    if (!existsSync(f)) continue
    renameSync(f, f + suffix)
    setAside.push(f + suffix)
  }
  renameSync(incoming, dbFile)
  for (const s of SIDE_FILES) rmSync(incoming + s, { force: true })

  // 4. The instance secret that reads the restored database's encrypted values.
  let secret: RestoreResult['secret']
  if (!secretSource) secret = existsSync(secretTarget) ? 'kept' : 'missing'
  else if (existsSync(secretTarget) && readSecret(secretTarget) === readSecret(secretSource)) secret = 'unchanged'
  else {
    if (existsSync(secretTarget)) {
      renameSync(secretTarget, secretTarget + suffix)
      setAside.push(secretTarget + suffix)
    }
    copyPrivate(secretSource, secretTarget)
    secret = 'restored'
  }
  fsyncPath(dir)
  return { database: dbFile, setAside, secret }
}
