import type { AgentSessionEndReason, BlockKind } from '../../src/modules/activity/schema'
import { MINUTE } from '../../src/kernel/time'
import { SETTINGS, type SeedEnv } from '../env'
import { emit, iso } from '../events'
import type { Device, Person } from '../model'
import type { LogPlan } from '../plan/types'
import type { Rng } from '../rng'
import { classFor, pickApp, type Mood, type Pick } from './apps'
import { subtract, uncovered, type Interval } from './intervals'
import { ACC, type RunState } from './state'

const SAMPLES_PER_BATCH = 40
const MAX_BLOCK_MS = 90 * MINUTE

export interface TimelineInput {
  env: SeedEnv
  state: RunState
  person: Person
  log: LogPlan
  rng: Rng
  mood: Mood
  /** Start of the local day after the log's date, and that date: samples after midnight belong to it. */
  nextMidnight: number
  nextDate: string
}

interface Session {
  id: string
  start: number
  end: number
  reason: AgentSessionEndReason | null
}

/**
 * What the desktop agent saw during one time log: sessions, application samples (tiling the
 * session time outside breaks), timeline blocks, and gap-fill blocks for what it did not see.
 * Returns the number of gap-fill blocks (clock.out reports it) and of agent sessions the clock-in
 * ended (clock.in reports them).
 */
export function renderTimeline(t: TimelineInput): { gapFills: number; handovers: number } {
  const { env, log } = t
  const end = log.out ?? env.now
  const device = pickDevice(t)
  const { sessions, handovers } = device ? planSessions(t, device) : { sessions: [], handovers: 0 }
  const breaks: Interval[] = log.breaks.map((b) => [b.start, b.end ?? env.now])
  for (const s of sessions) {
    writeSession(t, s, device!)
    // The agent uploads a session's samples in batches; a break does not start a new one.
    let batch: Batch = { id: '', count: 0, end: 0 }
    for (const [a, b] of subtract([[s.start, s.end]], breaks)) batch = tile(t, s.id, device!, a, b, batch)
    closeBatch(t, batch)
  }
  for (const b of log.breaks) if (b.end !== null) block(t, 'break', b.start, b.end, null, b.end)
  if (log.out === null) return { gapFills: 0, handovers }
  const gaps = uncovered(log.in, end, [...sessions.map((s): Interval => [s.start, s.end]), ...breaks])
  for (const [a, b] of gaps) block(t, 'gap_fill', a, b, null, log.out)
  return { gapFills: gaps.length, handovers }
}

function pickDevice(t: TimelineInput): Device | null {
  const ready = t.person.devices.filter((d) => d.registeredAt <= t.log.in)
  return ready.length === 0 ? null : ready.length === 1 ? ready[0]! : t.rng.pick(ready)
}

/**
 * The agent starts shortly after clock-in; a laptop left behind in a meeting splits the session.
 * `handovers` counts the sessions the clock-in itself ended (clock.in reports them).
 */
function planSessions(t: TimelineInput, device: Device): { sessions: Session[]; handovers: number } {
  const { env, log, rng } = t
  // Clocking in on the desktop starts the agent at once; after a phone clock-in it starts when the laptop is opened.
  const start = log.source === 'mobile' ? log.in + rng.int(60, 400) * 1000 : log.in
  let end: number
  let reason: AgentSessionEndReason | null
  if (log.status === 'open') [end, reason] = [env.now - rng.int(5, 50) * 1000, null]
  else if (log.status === 'auto_closed') [end, reason] = [log.left - rng.int(30, 300) * 1000, 'agent']
  else if (log.source !== 'mobile') [end, reason] = [log.out!, 'clock_out']
  else [end, reason] = [log.left - rng.int(30, 240) * 1000, 'agent']
  let handovers = 0
  if (log.source === 'mobile' && rng.chance(0.3)) {
    // Clocking in on the phone ends the session the agent had already started (cross-device handover).
    writeSession(t, { id: env.ids.uuid(), start: log.in - rng.int(300, 540) * 1000, end: log.in, reason: 'handover' }, device)
    handovers = 1
  }
  if (end - start < 5 * MINUTE) return { sessions: [], handovers }
  if (end - start > 3 * 3600_000 && rng.chance(0.12)) {
    const holeStart = start + Math.round(((end - start) * rng.range(0.2, 0.7)) / 1000) * 1000
    const holeEnd = holeStart + rng.int(20, 70) * MINUTE
    if (holeEnd < end - 10 * MINUTE) {
      return {
        sessions: [
          { id: env.ids.uuid(), start, end: holeStart, reason: 'timeout' },
          { id: env.ids.uuid(), start: holeEnd, end, reason },
        ],
        handovers,
      }
    }
  }
  return { sessions: [{ id: env.ids.uuid(), start, end, reason }], handovers }
}

function writeSession(t: TimelineInput, s: Session, device: Device): void {
  t.env.w.sessions.add({
    id: s.id,
    tenantId: t.env.tenantId,
    userId: t.person.id,
    deviceId: device.id,
    startedAt: s.start,
    lastHeartbeatAt: s.end,
    endedAt: s.reason === null ? null : s.end,
    endReason: s.reason,
  })
  t.state.seen(device.id, s.end)
}

interface Batch {
  id: string
  count: number
  end: number
}

/** Fills [a, b) with consecutive samples, batching them as the agent uploads them. */
function tile(t: TimelineInput, sessionId: string, device: Device, a: number, b: number, current: Batch): Batch {
  const { env, rng, person, mood } = t
  let at = a
  let last: Pick | null = null
  let batch = current
  let open: OpenBlock | null = null
  let idleFrom: number | null = null
  while (at < b) {
    const idle = last !== null && rng.chance(mood.idle)
    const pick: Pick = idle ? last! : pickApp(rng, person.profile, mood)
    let ms = (idle ? rng.int(SETTINGS.idleThresholdSeconds, 1500) : pick.seconds) * 1000
    if (b - (at + ms) < 60_000) ms = b - at
    if (batch.count === SAMPLES_PER_BATCH || batch.id === '') batch = closeBatch(t, batch)
    const date = at < t.nextMidnight ? t.log.date : t.nextDate
    env.w.samples.add({
      tenantId: env.tenantId,
      userId: person.id,
      sessionId,
      batchId: batch.id,
      application: pick.app.name,
      windowClass: classFor(device, pick.app),
      category: pick.category,
      startedAt: at,
      durationSeconds: ms / 1000,
      isIdle: idle,
      localDate: date,
    })
    count(t, date, pick, ms / 1000, idle)
    if (idle) idleFrom ??= at
    else if (idleFrom !== null) idleFrom = idleDetected(t, idleFrom, at)
    open = extendBlock(t, open, idle ? 'idle' : 'activity', at, at + ms, pick.categoryIndex)
    batch.count++
    batch.end = at + ms
    at += ms
    last = pick
  }
  if (open) flushBlock(t, open)
  if (idleFrom !== null) idleDetected(t, idleFrom, at)
  return batch
}

/**
 * idle.detected for a stretch of back-to-back idle samples [from, to) longer than the tenant
 * threshold: once per stretch, as idle-stretches.ts reports it, when the stretch ends.
 */
function idleDetected(t: TimelineInput, from: number, to: number): null {
  if (to - from > SETTINGS.idleThresholdSeconds * 1000) {
    const { person } = t
    emit(
      t.env,
      'idle.detected',
      {
        userId: person.id,
        userEmail: person.email,
        startedAt: iso(from),
        idleSeconds: Math.round((to - from) / 1000),
        thresholdSeconds: SETTINGS.idleThresholdSeconds,
      },
      to,
    )
  }
  return null
}

function count(t: TimelineInput, date: string, pick: Pick, seconds: number, idle: boolean): void {
  const acc = t.state.counters(date)
  const base = t.person.idx * ACC.width
  acc[base + ACC.total]! += seconds
  acc[base + (idle ? ACC.idle : ACC.productive + pick.categoryIndex)]! += seconds
  acc[base + ACC.count]! += 1
}

function closeBatch(t: TimelineInput, batch: Batch): Batch {
  if (batch.count > 0) {
    const receivedAt = Math.min(batch.end + t.rng.int(20, 90) * 1000, t.env.now)
    t.env.w.ingestBatches.add({ tenantId: t.env.tenantId, userId: t.person.id, batchId: batch.id, sampleCount: batch.count, receivedAt })
  }
  return { id: t.env.ids.uuid(), count: 0, end: 0 }
}

interface OpenBlock {
  kind: 'activity' | 'idle'
  start: number
  end: number
  seconds: [number, number, number]
}

/** Consecutive samples of one kind form a block of at most 90 minutes; its category is the dominant one. */
function extendBlock(t: TimelineInput, open: OpenBlock | null, kind: OpenBlock['kind'], from: number, to: number, categoryIndex: number): OpenBlock {
  if (open && (open.kind !== kind || open.end !== from || open.end - open.start >= MAX_BLOCK_MS)) {
    flushBlock(t, open)
    open = null
  }
  const b = open ?? { kind, start: from, end: from, seconds: [0, 0, 0] }
  b.end = to
  b.seconds[categoryIndex]! += to - from
  return b
}

const CATEGORY_NAMES = ['productive', 'neutral', 'unproductive'] as const

function flushBlock(t: TimelineInput, b: OpenBlock): void {
  const s = b.seconds
  const dominant = s[0] >= s[1] && s[0] >= s[2] ? 0 : s[1] >= s[2] ? 1 : 2
  block(t, b.kind, b.start, b.end, b.kind === 'activity' ? CATEGORY_NAMES[dominant] : null, b.end)
}

function block(t: TimelineInput, kind: BlockKind, start: number, end: number, category: (typeof CATEGORY_NAMES)[number] | null, createdAt: number): void {
  t.env.w.blocks.add({
    tenantId: t.env.tenantId,
    userId: t.person.id,
    timeLogId: t.log.id,
    kind,
    startedAt: start,
    endedAt: end,
    category,
    createdAt: Math.min(createdAt, t.env.now),
  })
}
