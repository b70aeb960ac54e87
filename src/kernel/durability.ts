import type { Database } from 'bun:sqlite'
import { closeSync, constants, fdatasync, fstatSync, fsync, openSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { changesCounter, type DbLike, sqliteOf } from './db'
import { DomainError } from './errors'

/**
 * Group commit with "acknowledged only after fsync" (docs/operations.md "Durability").
 *
 * The server's main connection commits with `synchronous=NORMAL` in WAL mode: a commit write()s its
 * frames to the -wal file and returns without an fsync, so a process crash loses nothing (the
 * frames are in the OS page cache) and only a power cut or OS crash could lose the tail. Before a
 * request that changed the database gets its answer, it awaits a durability barrier: one
 * `fdatasync` of the -wal file on Bun's thread pool (the event loop keeps serving meanwhile).
 * Every commit whose frames were written before an fdatasync started is on disk when it completes,
 * so all requests that committed in the meantime share one sync: at most one is in flight, and
 * callers that committed after it started wait for the next one, which starts as soon as it ends.
 *
 * The signal that a request changed the database is `total_changes()` of the main connection
 * (rows inserted, updated or deleted since it was opened, triggers included, whatever the path:
 * `transaction()`, an autocommit statement, raw SQL), read when the request starts and before it is
 * answered: about a microsecond each, and a request that changed nothing (a read) waits for nothing.
 * Every transaction of this code base is synchronous (kernel/db.ts `transaction`), so whenever
 * JavaScript reads the counter no transaction is half done: every change it counts is committed
 * (or rolled back, which costs one needless sync at worst) and its frames are written.
 *
 * Checkpoints in NORMAL mode sync the WAL before copying it and the database after, so frames a
 * checkpoint moves stay durable. Other processes (the CLI) keep synchronous=FULL.
 */
export interface GroupCommit {
  /** Rows changed on the connection since it was opened (`total_changes()`). */
  changes(): number
  /**
   * Resolves once every change counted up to `changes()` now is on disk; null when nothing since
   * `since` (a `changes()` value) needs a sync. Rejects with storage_unavailable if the sync fails.
   */
  durableSince(since: number): Promise<void> | null
  /** fdatasync calls made so far (for tests and measurements). */
  readonly syncs: number
  /** Closes the -wal descriptor once no sync is in flight. */
  close(): void
}

const byConnection = new WeakMap<Database, GroupCommit>()

/** The group commit of a connection, if `enableGroupCommit` was called for it. */
export function groupCommitOf(sqlite: Database): GroupCommit | undefined {
  return byConnection.get(sqlite)
}

/**
 * Resolves once every commit of this connection so far is on disk; null without group commit (the
 * CLI's synchronous=FULL connection: each commit already was). For work that acknowledges outside
 * an HTTP answer: a webhook delivery or an email must not leave the box before the write it tells of.
 */
export function everythingDurable(db: DbLike): Promise<void> | null {
  return groupCommitOf(sqliteOf(db))?.durableSince(-1) ?? null
}

/**
 * Switches a WAL connection to synchronous=NORMAL and returns its durability barrier (the same
 * one on a second call). Only for a long-running server whose every acknowledgement goes through
 * the barrier (surfaces/http.ts, the webhook pump).
 */
export function enableGroupCommit(sqlite: Database): GroupCommit {
  const existing = byConnection.get(sqlite)
  if (existing) return existing
  const gc = createGroupCommit(sqlite)
  byConnection.set(sqlite, gc)
  return gc
}

interface Deferred {
  promise: Promise<void>
  resolve(): void
  reject(e: unknown): void
}

function deferred(): Deferred {
  let resolve!: () => void
  let reject!: (e: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  // A failed sync is reported to its waiters; nobody waiting is not an unhandled rejection.
  promise.catch(() => undefined)
  return { promise, resolve, reject }
}

function createGroupCommit(sqlite: Database): GroupCommit {
  const walPath = `${sqlite.filename}-wal`
  // Everything committed before this point went through synchronous=FULL.
  sqlite.exec('PRAGMA synchronous = NORMAL')
  const changes = changesCounter(sqlite)
  /** Changes counted when the last completed sync started: all of them are on disk. */
  let durable = changes()
  let inflight: { start: number; done: Deferred } | null = null
  let next: Deferred | null = null
  let wal: { fd: number; ino: number } | null = null
  let closed = false
  let syncs = 0

  /**
   * The -wal descriptor, opened lazily and again when the file was replaced (the last connection
   * to close deletes it; a CLI process may then create a new one while this server keeps its own
   * connection open, which normally keeps the file, so this is a safety net). A newly opened file
   * also gets its directory synced once, as SQLite does under FULL for a new WAL.
   */
  const walFd = (): { fd: number; fresh: boolean } | null => {
    let ino: number
    try {
      ino = Number(statSync(walPath).ino)
    } catch {
      return null
    }
    if (wal && wal.ino === ino) return { fd: wal.fd, fresh: false }
    if (wal) closeSync(wal.fd)
    wal = null
    const fd = openSync(walPath, constants.O_RDONLY)
    wal = { fd, ino: Number(fstatSync(fd).ino) }
    return { fd, fresh: true }
  }

  const syncOnce = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      let target: { fd: number; fresh: boolean } | null
      try {
        target = walFd()
      } catch (e) {
        return reject(e)
      }
      if (!target) {
        // No -wal file: with this connection open that means nothing is in a log; the database
        // file holds every commit, and syncing it is the safe answer.
        let fd: number
        try {
          fd = openSync(sqlite.filename, constants.O_RDONLY)
        } catch (e) {
          return reject(e)
        }
        syncs++
        return fdatasync(fd, (e) => {
          closeSync(fd)
          if (e) reject(e)
          else resolve()
        })
      }
      syncs++
      fdatasync(target.fd, (e) => {
        if (e) return reject(e)
        if (!target.fresh) return resolve()
        let dir: number
        try {
          dir = openSync(dirname(walPath), constants.O_RDONLY)
        } catch (err) {
          return reject(err)
        }
        fsync(dir, (err) => {
          closeSync(dir)
          if (err) reject(err)
          else resolve()
        })
      })
    })

  const start = (done: Deferred, started = changes()): void => {
    inflight = { start: started, done }
    syncOnce().then(
      () => {
        if (started > durable) durable = started
        finish(done, null)
      },
      (e: unknown) => finish(done, e),
    )
  }

  const finish = (done: Deferred, error: unknown): void => {
    inflight = null
    if (closed && !next && wal) {
      closeSync(wal.fd)
      wal = null
    }
    if (error === null) done.resolve()
    else
      done.reject(
        new DomainError(
          'storage_unavailable',
          `The server could not make its write durable (fdatasync of ${walPath} failed: ${error instanceof Error ? error.message : String(error)}); it may not survive a power cut. Retry later.`,
          { sqlite_code: 'SQLITE_IOERR_FSYNC' },
        ),
      )
    if (next) {
      const waiting = next
      next = null
      start(waiting)
    }
  }

  return {
    changes,
    get syncs() {
      return syncs
    },
    durableSince(since) {
      const now = changes()
      if (now === since || now <= durable) return null
      // A sync in flight that started after these changes covers them.
      if (inflight && inflight.start >= now) return inflight.done.promise
      if (!inflight) {
        const done = deferred()
        start(done, now)
        return done.promise
      }
      next ??= deferred()
      return next.promise
    },
    close() {
      closed = true
      if (!inflight && wal) {
        closeSync(wal.fd)
        wal = null
      }
    },
  }
}
