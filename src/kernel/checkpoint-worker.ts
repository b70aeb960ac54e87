/**
 * The background checkpointer's thread (see checkpointer.ts): its own connection to the database,
 * a PASSIVE checkpoint every interval (never blocks readers or writers), a TRUNCATE checkpoint once
 * the log has been idle and fully copied back, closed on 'stop'.
 */
import { Database } from 'bun:sqlite'

declare const self: Worker

type Message = { type: 'start'; file: string; intervalMs: number; idleTruncateMs: number; busyTimeoutMs: number } | { type: 'stop' }

/** PRAGMA wal_checkpoint's row: busy 1 when it could not finish, log = frames in the log, checkpointed = frames copied back. */
interface CheckpointResult {
  busy: number
  log: number
  checkpointed: number
}

let db: Database | null = null
let timer: ReturnType<typeof setInterval> | null = null

self.onmessage = (event: MessageEvent<Message>) => {
  const message = event.data
  if (message.type === 'start' && !db) {
    const conn = new Database(message.file)
    db = conn
    conn.exec(`PRAGMA busy_timeout = ${message.busyTimeoutMs}`)
    const passive = conn.prepare<CheckpointResult, []>('PRAGMA wal_checkpoint(PASSIVE)')
    let lastLog = -1
    let quietSince = Date.now()
    timer = setInterval(() => {
      try {
        const r = passive.get()
        if (!r || r.log !== lastLog) {
          lastLog = r?.log ?? -1
          quietSince = Date.now()
          return
        }
        // No new frame since the last round: once quiet long enough and all copied back, truncate.
        if (r.log > 0 && r.busy === 0 && r.checkpointed === r.log && Date.now() - quietSince >= message.idleTruncateMs) {
          // TRUNCATE waits for readers on old snapshots while blocking writers: never wait here.
          conn.exec('PRAGMA busy_timeout = 0')
          try {
            conn.exec('PRAGMA wal_checkpoint(TRUNCATE)')
          } finally {
            conn.exec(`PRAGMA busy_timeout = ${message.busyTimeoutMs}`)
          }
          lastLog = -1
        }
      } catch {
        // A busy database skips one round; the next one catches up.
      }
    }, message.intervalMs)
    self.postMessage('started')
  } else if (message.type === 'stop') {
    if (timer) clearInterval(timer)
    db?.close()
    db = null
    // The thread now only waits for messages; the main thread unref'd it, so it never holds the process.
  }
}
