/**
 * In-process wake-up for the delivery pump. `emit` calls `notifyEventsWritten()` inside the
 * writer's transaction; listeners run on the next macrotask, after that synchronous transaction
 * has committed (or rolled back, in which case the pass simply finds nothing new). Processes
 * without a pump (CLI commands) have no listener, and the server's tick picks their events up.
 */
type Listener = () => void

const listeners = new Set<Listener>()
let scheduled = false

export function onEventsWritten(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function notifyEventsWritten(): void {
  if (scheduled || listeners.size === 0) return
  scheduled = true
  setTimeout(() => {
    scheduled = false
    for (const l of listeners) l()
  }, 0)
}
