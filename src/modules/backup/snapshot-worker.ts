/**
 * The daily backup's thread (see scheduled.ts): `VACUUM INTO` is one synchronous call that can
 * take seconds on a large database, so in the server it runs here, on its own connection, and the
 * event loop keeps answering requests. One message in (what to back up), one out (the result).
 */
import { takeSnapshot, type SnapshotOptions } from './snapshot'

declare const self: Worker

type Message = { dbFile: string; target: string; options: SnapshotOptions }

self.onmessage = (event: MessageEvent<Message>) => {
  const { dbFile, target, options } = event.data
  try {
    self.postMessage({ ok: true, result: takeSnapshot(dbFile, target, options) })
  } catch (e) {
    self.postMessage({ ok: false, error: e instanceof Error ? e.message : String(e) })
  }
}
