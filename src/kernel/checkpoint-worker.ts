/**
 * The background checkpointer's thread (see checkpointer.ts): its own connection to the database,
 * a PASSIVE checkpoint every interval (never blocks readers or writers), closed on 'stop'.
 */
import { Database } from 'bun:sqlite'

declare const self: Worker

type Message = { type: 'start'; file: string; intervalMs: number; busyTimeoutMs: number } | { type: 'stop' }

let db: Database | null = null
let timer: ReturnType<typeof setInterval> | null = null

self.onmessage = (event: MessageEvent<Message>) => {
  const message = event.data
  if (message.type === 'start' && !db) {
    db = new Database(message.file)
    db.exec(`PRAGMA busy_timeout = ${message.busyTimeoutMs}`)
    const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)')
    timer = setInterval(() => {
      try {
        checkpoint.get()
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
