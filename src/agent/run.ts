import { join } from 'node:path'
import type { AgentSample, SampleSource } from './collector'
import { ClientApi, isTransient } from './client'
import { type AgentCredential, SPOOL_FILE, ensureConfigDir, writePrivateFile } from './config'
import { Spool, type SpooledBatch } from './spool'

/** A source the run loop may start and stop (the sampler polls; the ActivityWatch bridge may not need to). */
export interface RunnableSource extends SampleSource {
  start?(): void
  stop?(): void | Promise<void>
}

export interface RunOptions {
  dir: string
  credential: AgentCredential
  source: RunnableSource
  /** How often finished samples are spooled and sent; default 10 s. */
  flushMs?: number
  /** Heartbeat interval; default 60 s (the server times a session out after 10 minutes). */
  heartbeatMs?: number
  /** First retry delay after the server could not be reached; doubles up to 60 s. Default 5 s. */
  retryMs?: number
  log?: (message: string) => void
  signal: AbortSignal
}

export const STATUS_FILE = 'status.json'

/** What `agent status` shows of a running agent (written by it after every round). */
export interface RunStatus {
  pid: number
  source: string
  session_id: string | null
  last_contact_at: string | null
  last_error: string | null
  updated_at: string
}

const toWire = (s: AgentSample) => ({
  application: s.application,
  window_class: s.windowClass,
  started_at: new Date(s.startedAt).toISOString(),
  duration_seconds: s.durationSeconds,
  idle: s.idle,
})

/**
 * The agent's main loop: pulls finished samples from the source and spools them (with the
 * source's cursor, in one transaction) BEFORE sending; sends pending batches oldest first and
 * marks each sent only once the server acknowledged it; keeps an agent session alive with
 * heartbeats and starts a new one when the server ended it (a clock-in elsewhere: handover, or
 * a time-out). While the server is unreachable everything waits in the spool.
 */
export async function runAgent(o: RunOptions): Promise<void> {
  const flushMs = o.flushMs ?? 10_000
  const heartbeatMs = o.heartbeatMs ?? 60_000
  const retryMs = o.retryMs ?? 5_000
  const log = o.log ?? ((m: string) => console.log(m))
  ensureConfigDir(o.dir)
  const spool = new Spool(join(o.dir, SPOOL_FILE))
  const api = new ClientApi(o.credential.server, o.credential.key)
  let sessionId: string | null = null
  let nextHeartbeat = 0
  let nextSend = 0
  let failures = 0
  let lastContact: number | null = null
  let lastError: string | null = null
  const killAfterAcks = process.env.WORKFORCE_AGENT_TEST_SIGKILL_AFTER_ACKS ? Number(process.env.WORKFORCE_AGENT_TEST_SIGKILL_AFTER_ACKS) : null
  let acks = 0

  const backoff = (why: string) => {
    failures++
    const delay = Math.min(60_000, retryMs * 2 ** Math.min(failures - 1, 4)) // 5 s, 10 s, … at most 16× the first
    nextSend = Date.now() + delay
    if (lastError !== why) log(`${why}; retrying in ${Math.round(delay / 1000)} s (samples wait in the spool)`)
    lastError = why
  }
  const contact = () => {
    lastContact = Date.now()
    if (lastError) log('server reachable again')
    failures = 0
    lastError = null
  }

  const spoolNew = async () => {
    const { samples, cursor } = await o.source.pull(spool.cursor(o.source.name), Date.now())
    if (samples.length > 0) spool.append(o.source.name, samples, cursor, sessionId)
  }

  const startSession = async () => {
    const r = await api.post<{ session: { id: string }; replaced_session_id: string | null }>('/agent-sessions', { device_id: o.credential.device_id })
    if (r.ok) {
      contact()
      sessionId = r.body.session.id
      nextHeartbeat = Date.now() + heartbeatMs
      log(`agent session ${sessionId} started${r.body.replaced_session_id ? ` (replacing ${r.body.replaced_session_id})` : ''}`)
    } else if (isTransient(r)) backoff(r.error.message)
    else {
      lastError = `${r.error.code}: ${r.error.message}`
      log(`cannot start an agent session: ${lastError}`)
      nextSend = Date.now() + 60_000
    }
  }

  const heartbeat = async () => {
    if (!sessionId) return
    const r = await api.post<{ session: { id: string } }>(`/agent-sessions/${sessionId}/heartbeat`, {})
    if (r.ok) {
      contact()
      nextHeartbeat = Date.now() + heartbeatMs
    } else if (r.status === 409 || r.status === 404) {
      // Ended by the server: a clock-in on another device (handover) or a time-out. Start anew.
      log(`agent session ${sessionId} was ended by the server (${r.error.message}); starting a new one`)
      sessionId = null
    } else if (isTransient(r)) backoff(r.error.message)
  }

  const sendBatch = async (b: SpooledBatch): Promise<'sent' | 'stop'> => {
    spool.markAttempt(b.batchId)
    const body = { batch_id: b.batchId, ...(b.sessionId ? { session_id: b.sessionId } : {}), samples: b.samples.map(toWire) }
    let r = await api.post<{ accepted: number; duplicate: boolean }>('/activity/samples', body)
    if (!r.ok && r.status === 404 && b.sessionId) {
      // The session is unknown to the server (e.g. restored backup): the samples still count.
      r = await api.post('/activity/samples', { batch_id: b.batchId, samples: body.samples })
    }
    if (r.ok) {
      contact()
      // Test hook (crash tests only): die by SIGKILL after the server acknowledged the N-th batch
      // but before it is marked sent, the worst moment for a crash.
      if (killAfterAcks !== null && ++acks >= killAfterAcks) process.kill(process.pid, 'SIGKILL')
      spool.markSent(b.batchId)
      return 'sent'
    }
    if (isTransient(r)) {
      backoff(r.error.message)
      return 'stop'
    }
    if (r.status === 401 || r.status === 403) {
      backoff(`the server refused the agent's key (${r.error.code}: ${r.error.message}); re-enroll with a new code`)
      return 'stop'
    }
    log(`batch ${b.batchId} refused for good: ${r.error.code}: ${r.error.message}`)
    spool.markFailed(b.batchId, `${r.error.code}: ${r.error.message}`)
    return 'sent'
  }

  const sendPending = async () => {
    for (;;) {
      const batches = spool.pending(20)
      if (batches.length === 0) return
      for (const b of batches) if ((await sendBatch(b)) === 'stop') return
    }
  }

  const writeStatus = () => {
    const status: RunStatus = {
      pid: process.pid,
      source: o.source.name,
      session_id: sessionId,
      last_contact_at: lastContact ? new Date(lastContact).toISOString() : null,
      last_error: lastError,
      updated_at: new Date().toISOString(),
    }
    writePrivateFile(join(o.dir, STATUS_FILE), `${JSON.stringify(status, null, 2)}\n`)
  }

  const round = async () => {
    await spoolNew()
    if (Date.now() < nextSend) return
    if (!sessionId) await startSession()
    else if (Date.now() >= nextHeartbeat) await heartbeat()
    if (!sessionId && Date.now() >= nextSend) await startSession()
    if (Date.now() >= nextSend) await sendPending()
  }

  o.source.start?.()
  log(`agent running: source ${o.source.name}, server ${o.credential.server}, spool ${join(o.dir, SPOOL_FILE)}`)
  try {
    while (!o.signal.aborted) {
      try {
        await round()
      } catch (e) {
        lastError = (e as Error).message
        log(`round failed: ${lastError}`)
      }
      writeStatus()
      spool.prune(Date.now() - 7 * 86_400_000)
      await sleep(flushMs, o.signal)
    }
  } finally {
    // Stopping: the open sample is finished and spooled, one last send is tried, the session ends.
    await o.source.stop?.()
    await spoolNew().catch(() => {})
    nextSend = 0
    await sendPending().catch(() => {})
    if (sessionId) await api.post(`/agent-sessions/${sessionId}/end`, {}).catch(() => {})
    sessionId = null
    writeStatus()
    spool.close()
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const t = setTimeout(done, ms)
    function done() {
      clearTimeout(t)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done)
  })
}
