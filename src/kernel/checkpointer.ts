import type { Database } from 'bun:sqlite'
import { PRAGMAS } from './db'

/** How often the background thread folds the write-ahead log back into the database. */
export const CHECKPOINT_INTERVAL_MS = 250
/** How long the log must see no new frames before the thread truncates it to zero bytes. */
export const IDLE_TRUNCATE_MS = 2_000
/** SQLite's default: what a connection goes back to when the background thread is not there. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000

/**
 * The worker's module. From source it sits next to this file; in the compiled binary (build.ts
 * lists it as a second entrypoint) this code runs as part of the binary's own module
 * (/$bunfs/root/workforce) and the worker lives at kernel/ under the entrypoints' root (src/).
 */
const workerUrl = (): URL =>
  import.meta.url.includes('/$bunfs/') ? new URL('./kernel/checkpoint-worker.ts', import.meta.url) : new URL('./checkpoint-worker.ts', import.meta.url)

/**
 * WAL checkpoints on a background thread. In WAL mode a commit only appends to the log; every
 * 1,000 pages the committing connection copies the log back into the database and fsyncs both,
 * which stalls that commit (and, in one event loop, every request in flight) for milliseconds.
 * The REST rate-limit counters commit on every request, so that stall hit one request in a few
 * hundred and everything queued behind it. Here the high-frequency connections stop
 * checkpointing (`wal_autocheckpoint = 0`) and a worker thread with its own connection runs a
 * PASSIVE checkpoint every CHECKPOINT_INTERVAL_MS, which never blocks readers or writers. The
 * main connection keeps its automatic checkpoints as a safety net; if the worker fails, the
 * others get theirs back. When no frame has been added for IDLE_TRUNCATE_MS and every frame is
 * copied back, it runs one TRUNCATE checkpoint (without waiting: a reader on an old snapshot makes
 * it skip until the next idle round), so the log's file goes back to zero bytes instead of staying
 * at the size of the last burst; under load `journal_size_limit` (db.ts) bounds it. Returns a
 * function that stops the worker.
 */
export function startBackgroundCheckpoints(file: string, hot: Database[]): () => void {
  const setAuto = (pages: number) => {
    for (const c of hot) c.exec(`PRAGMA wal_autocheckpoint = ${pages}`)
  }
  const worker = new Worker(workerUrl())
  worker.addEventListener('error', () => setAuto(DEFAULT_AUTOCHECKPOINT_PAGES))
  worker.postMessage({ type: 'start', file, intervalMs: CHECKPOINT_INTERVAL_MS, idleTruncateMs: IDLE_TRUNCATE_MS, busyTimeoutMs: PRAGMAS.busy_timeout })
  setAuto(0)
  worker.unref()
  return () => {
    setAuto(DEFAULT_AUTOCHECKPOINT_PAGES)
    worker.postMessage({ type: 'stop' })
  }
}
