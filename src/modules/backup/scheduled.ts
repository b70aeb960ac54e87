/**
 * The optional daily backup (job `backup.daily`): with WORKFORCE_BACKUP_DIR set, a snapshot named
 * workforce-<UTC stamp>.db lands there once a day, and only the newest
 * WORKFORCE_BACKUP_KEEP are kept. What is due is read from the directory itself, so a server that
 * was down at the usual hour takes the backup at its next tick.
 */
import { readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { BackupError, secretFileFor, type SnapshotOptions, type SnapshotResult } from './snapshot'

const NAME = /^workforce-(\d{8}T\d{6}Z)\.db$/
/** A backup younger than this counts as today's (the job ticks hourly, so a day never slips). */
export const BACKUP_INTERVAL_MS = 23 * 3_600_000

const stamp = (at: number): string =>
  new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
const parseStamp = (s: string): number =>
  Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`)

export const scheduledBackupName = (at: number): string => `workforce-${stamp(at)}.db`

/** The backups of `dir` that the job made, newest first. */
export function listScheduledBackups(dir: string): { file: string; at: number }[] {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names
    .map((name) => ({ name, m: NAME.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .map(({ name, m }) => ({ file: join(dir, name), at: parseStamp(m[1]!) }))
    .sort((a, b) => b.at - a.at)
}

export const isBackupDue = (dir: string, now: number): boolean => {
  const newest = listScheduledBackups(dir)[0]
  return !newest || newest.at <= now - BACKUP_INTERVAL_MS
}

/** Deletes all but the `keep` newest backups (and a FILE.secret beside one); returns the files removed. */
export function pruneScheduledBackups(dir: string, keep: number): string[] {
  const removed: string[] = []
  for (const { file } of listScheduledBackups(dir).slice(keep)) {
    rmSync(file, { force: true })
    rmSync(secretFileFor(file), { force: true })
    removed.push(file)
  }
  return removed
}

/**
 * From source the worker sits next to this file; in the compiled binary (build.ts lists it as an
 * entrypoint) it lives at modules/backup/ under the entrypoints' root (src/).
 */
const workerUrl = (): URL =>
  import.meta.url.includes('/$bunfs/') ? new URL('./modules/backup/snapshot-worker.ts', import.meta.url) : new URL('./snapshot-worker.ts', import.meta.url)

/** takeSnapshot on a worker thread, so the calling event loop stays free. */
export function snapshotOffThread(dbFile: string, target: string, options: SnapshotOptions): Promise<SnapshotResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl())
    worker.onmessage = (event: MessageEvent<{ ok: true; result: SnapshotResult } | { ok: false; error: string }>) => {
      worker.terminate()
      if (event.data.ok) resolve(event.data.result)
      else reject(new BackupError(event.data.error))
    }
    worker.onerror = (event) => {
      worker.terminate()
      reject(new BackupError(`backup thread failed: ${event.message}`))
    }
    worker.postMessage({ dbFile, target, options })
  })
}
