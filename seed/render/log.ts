import type { SeedEnv } from '../env'
import { emit, iso } from '../events'
import type { Company, Person } from '../model'
import { jitter } from '../plan/day'
import type { LogPlan } from '../plan/types'
import type { Rng } from '../rng'
import { MCP_CLIENTS } from '../catalog/texts'
import type { Mood } from './apps'
import { nextTapDue, refusedClockIn, renderPresence, tapTimes } from './presence'
import type { RunState } from './state'
import { renderTimeline } from './timeline'

const NOTES = [
  "Covered part of a colleague's shift.",
  'Customer call ran late.',
  'Onboarding session for new joiners.',
  'Worked from another office today.',
  'Release support.',
]

export interface LogInput {
  env: SeedEnv
  company: Company
  state: RunState
  person: Person
  log: LogPlan
  mood: Mood
  rng: Rng
  nextMidnight: number
  nextDate: string
}

/** One time log with its breaks, presence confirmations, pings, agent timeline and events. */
export function renderLog(x: LogInput): void {
  const { env, company, person: p, log, rng } = x
  const office = log.office === null ? null : company.offices[log.office]!
  const taps = tapTimes(env, log, rng)
  const outCoords =
    log.coords && office && log.out !== null && log.status === 'closed' ? jitter(rng, office.latitude, office.longitude, office.radiusMeters * 0.6) : null
  env.w.timeLogs.add({
    id: log.id,
    tenantId: env.tenantId,
    userId: p.id,
    clockInAt: log.in,
    clockOutAt: log.out,
    status: log.status,
    source: log.source,
    clockInLatitude: log.coords?.[0] ?? null,
    clockInLongitude: log.coords?.[1] ?? null,
    clockOutLatitude: outCoords?.[0] ?? null,
    clockOutLongitude: outCoords?.[1] ?? null,
    officeId: office?.id ?? null,
    isWithinGeofence: log.coords ? true : null,
    nextTapDueAt: nextTapDue(log, taps),
    projectId: log.project === null ? null : company.projects[log.project]!.id,
    taskId: log.task === null ? null : company.tasks[log.task]!.id,
    timesheetId: log.timesheetId,
    gapFillDoneAt: log.out,
    note: log.status === 'closed' && rng.chance(0.03) ? rng.pick(NOTES) : null,
    createdAt: log.in,
  })
  // Children after their parent row: foreign keys are checked as rows are written.
  renderPresence(env, p, log, log.coords ? office : null, company.offices, taps, rng)
  if (log.source === 'mobile' && log.coords && office) refusedClockIn(env, p, log, office, company.offices)
  writeBreaks(env, p, log)
  const { gapFills, handovers } = renderTimeline({ env, state: x.state, person: p, log, rng, mood: x.mood, nextMidnight: x.nextMidnight, nextDate: x.nextDate })
  const who = { timeLogId: log.id, userId: p.id, userEmail: p.email, userName: p.name }
  emit(
    env,
    'clock.in',
    {
      ...who,
      clockInAt: iso(log.in),
      source: log.source,
      latitude: log.coords?.[0] ?? null,
      longitude: log.coords?.[1] ?? null,
      isWithinGeofence: log.coords ? true : null,
      officeId: office?.id ?? null,
      officeName: office?.name ?? null,
      agentSessionsEnded: handovers,
    },
    log.in,
  )
  if (log.out !== null) {
    emit(
      env,
      'clock.out',
      {
        ...who,
        clockInAt: iso(log.in),
        clockOutAt: iso(log.out),
        durationSeconds: Math.round((log.out - log.in) / 1000),
        blocksGenerated: gapFills,
        autoClosed: log.status === 'auto_closed',
        latitude: outCoords?.[0] ?? null,
        longitude: outCoords?.[1] ?? null,
      },
      log.out,
    )
    if (log.project !== null) x.state.book(log.project, log.dayIndex, p.idx, workedSeconds(log, log.out))
  }
  if (log.source === 'mcp') {
    toolCall(env, p, 'clock_in', log.in - rng.int(1, 4) * 1000, rng)
    if (log.out !== null && log.status === 'closed') toolCall(env, p, 'clock_out', log.out - rng.int(1, 4) * 1000, rng)
  }
}

function writeBreaks(env: SeedEnv, p: Person, log: LogPlan): void {
  for (const b of log.breaks) {
    env.w.breaks.add({ id: b.id, tenantId: env.tenantId, userId: p.id, timeLogId: log.id, kind: b.kind, startedAt: b.start, endedAt: b.end })
    const data = { breakId: b.id, timeLogId: log.id, userId: p.id, userEmail: p.email, kind: b.kind, startedAt: iso(b.start) }
    emit(env, 'break.started', data, b.start)
    if (b.end !== null) emit(env, 'break.ended', { ...data, endedAt: iso(b.end), durationSeconds: Math.round((b.end - b.start) / 1000) }, b.end)
  }
}

/** Seconds worked in a closed log: its length minus its breaks, as payroll and project budgets count it. */
function workedSeconds(log: LogPlan, out: number): number {
  let ms = out - log.in
  for (const b of log.breaks) ms -= Math.max(0, Math.min(b.end ?? out, out) - b.start)
  return Math.max(0, ms) / 1000
}

/** A recorded MCP tool call: people who clock in through their AI assistant leave these. */
export function toolCall(
  env: SeedEnv,
  p: Person,
  toolName: string,
  at: number,
  rng: Rng,
  session?: { id: string; client: string },
  errorCode: string | null = null,
): void {
  if (at > env.now) return
  env.w.toolCalls.add({
    tenantId: env.tenantId,
    userId: p.id,
    apiKeyId: null,
    toolName,
    source: session?.client ?? mcpClient(rng),
    sessionId: session?.id ?? env.ids.uuid(),
    startedAt: at,
    durationMs: rng.int(25, toolName.startsWith('clock') ? 180 : 900),
    outcome: errorCode ? 'error' : 'ok',
    errorCode,
  })
}

export const mcpClient = (rng: Rng): string => MCP_CLIENTS[rng.weighted(MCP_CLIENTS.map((c) => c[1]))]![0]
