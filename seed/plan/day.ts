import { HOUR, MINUTE, addDays } from '../../src/kernel/time'
import type { WorkProfile } from '../../src/modules/users/schema'
import { TEMPLATES } from '../catalog/org'
import { SETTINGS, type SeedEnv } from '../env'
import type { Company, Person } from '../model'
import { Rng } from '../rng'
import { onVacation, type Roster } from './roster'
import { NO_SHIFT, type BreakPlan, type DayPlan, type LogPlan } from './types'

/** Whole seconds: every generated instant is, so durations in seconds add up exactly. */
const sec = (seconds: number): number => Math.round(seconds) * 1000
const minutes = (m: number): number => sec(m * 60)

const BOOKING_SHARE: Record<WorkProfile, number> = { engineering: 0.85, design: 0.8, operations: 0.6, support: 0.5, sales: 0, management: 0 }

interface Span {
  in: number
  leave: number
}

export interface DayInput {
  env: SeedEnv
  company: Company
  roster: Roster
  person: Person
  date: string
  dayIndex: number
  /** End of the person's previous time log: a new one never starts before it. */
  lastOut: number
}

/** A person's day: the scheduled shift and the time logs that really happened. */
export function planDay(d: DayInput): DayPlan {
  const { env, roster, person: p, date } = d
  const rng = new Rng(env.seed, 8, p.idx, env.cal.dayNumber(date))
  const template = roster.template(p, date)
  if (template === null) return adHocWork(d, rng)
  const [startsAt, endsAt] = roster.times(template, date)
  const plan: DayPlan = { template, scheduleStatus: 'scheduled', startsAt, endsAt, logs: [] }
  if (onVacation(p, date)) return { ...plan, scheduleStatus: 'cancelled' }
  const forced = roster.attendance(p, date)
  if (forced === 'absent' || (forced === undefined && rng.chance(p.traits.absence))) return plan
  const live = forced === 'present'
  const span = workSpan(d, rng, startsAt, endsAt, live)
  span.in = Math.max(span.in, d.lastOut + 10 * MINUTE)
  if (span.leave - span.in < 30 * MINUTE) return plan
  plan.logs = buildLogs(d, rng, span, TEMPLATES[template]!.breakMinutes, live)
  return plan
}

/** Lateness, overtime and early leaves around the shift; the peak-season team stays late. */
function workSpan(d: DayInput, rng: Rng, startsAt: number, endsAt: number, live: boolean): Span {
  const { env, person: p } = d
  let late = rng.normal(p.traits.lateness, 4)
  if (rng.chance(0.07)) late += rng.range(15, 50)
  let inAt = startsAt + minutes(late)
  let leave = endsAt + minutes(rng.normal(6, 8))
  if (d.roster.inOvertimeSpike(p, d.date)) {
    if (rng.chance(0.75)) leave += minutes(rng.range(90, 210))
  } else if (rng.chance(p.traits.overtime)) leave += minutes(rng.range(30, 120))
  else if (rng.chance(0.04)) leave -= minutes(rng.range(30, 120))
  if (live) {
    inAt = Math.min(Math.max(inAt, startsAt - 15 * MINUTE), env.now - 3 * MINUTE)
    leave = Math.max(leave, env.now + 20 * MINUTE)
  }
  return { in: inAt, leave }
}

/** An engineer fixing something on a weekend without a shift. */
function adHocWork(d: DayInput, rng: Rng): DayPlan {
  const { env, person: p, date } = d
  const active = p.status !== 'invited' && (p.activeFrom === null || date >= p.activeFrom) && (p.activeTo === null || date <= p.activeTo)
  if (!active || p.profile !== 'engineering' || p.role !== 'employee' || env.cal.weekday(date) < 6 || !rng.chance(0.03)) return NO_SHIFT
  const start = Math.max(env.cal.at(date, '10:00') + minutes(rng.range(0, 90)), d.lastOut + 10 * MINUTE)
  const logs = buildLogs(d, rng, { in: start, leave: start + minutes(rng.range(120, 240)) }, 0, false)
  return { ...NO_SHIFT, logs }
}

function buildLogs(d: DayInput, rng: Rng, span: Span, breakMinutes: number, live: boolean): LogPlan[] {
  const { env, person: p } = d
  const length = span.leave - span.in
  const lunch: [number, number] | null =
    breakMinutes > 0 && length >= 5 * HOUR
      ? centred(span.in + length / 2 + minutes(rng.normal(0, 25)), minutes(Math.max(15, breakMinutes + rng.normal(5, 6))))
      : null
  const shorts: [number, number][] = []
  for (const q of [0.25, 0.75]) {
    if (!rng.chance(0.45)) continue
    const b = centred(span.in + length * q + minutes(rng.normal(0, 15)), minutes(rng.range(8, 15)))
    if (!lunch || b[1] + MINUTE < lunch[0] || b[0] > lunch[1] + MINUTE) shorts.push(b)
  }
  // Most people clock out for lunch (unpaid); the rest log it as a lunch break inside the time log.
  const split = lunch !== null && !live && rng.chance(p.pattern === 'dispatch' ? 0.4 : 0.75)
  const segments: [number, number][] = split
    ? [
        [span.in, lunch[0]],
        [lunch[1], span.leave],
      ]
    : [[span.in, span.leave]]
  let pauses = [...(split || !lunch ? [] : [{ at: lunch, kind: 'lunch' as const }]), ...shorts.map((at) => ({ at, kind: 'break' as const }))]
  if (live && p.idx === d.roster.onBreakNow) {
    // Someone is on a break at this very moment: the break started minutes ago and has not ended.
    const now: [number, number] = [Math.max(span.in + MINUTE, env.now - minutes(rng.range(4, 12))), env.now + 10 * MINUTE]
    pauses = [...pauses.filter((b) => b.at[1] + MINUTE < now[0] || b.at[0] > now[1] + MINUTE), { at: now, kind: 'break' as const }]
  }
  const common = bookingAndSource(d, rng)
  const logs = segments.map(
    ([from, to]): LogPlan => ({
      ...common,
      id: env.ids.uuid(),
      person: p.idx,
      date: d.date,
      dayIndex: d.dayIndex,
      in: from,
      out: to,
      left: to,
      status: 'closed',
      timesheetId: null,
      breaks: pauses
        .filter((b) => b.at[0] > from && b.at[1] < to)
        .sort((a, b) => a.at[0] - b.at[0])
        .map((b): BreakPlan => ({ id: env.ids.uuid(), kind: b.kind, start: b.at[0], end: b.at[1] })),
    }),
  )
  if (!live) maybeForget(d, rng, logs[logs.length - 1]!)
  return logs.map((log) => clip(env, log)).filter((log): log is LogPlan => log !== null)
}

const centred = (mid: number, length: number): [number, number] => {
  const start = Math.round((mid - length / 2) / 1000) * 1000
  return [start, start + length]
}

/** A forgotten clock-out, closed by the auto clock-out policy, if it cannot collide with the next shift. */
function maybeForget(d: DayInput, rng: Rng, log: LogPlan): void {
  const { env, roster, person: p } = d
  if (d.date >= env.today || !rng.chance(0.012)) return
  const closedAt = log.in + SETTINGS.autoClockOutHours * HOUR
  const next = roster.template(p, addDays(d.date, 1))
  if (closedAt > env.now - HOUR || (next !== null && roster.times(next, addDays(d.date, 1))[0] - 2 * HOUR < closedAt)) return
  log.status = 'auto_closed'
  log.out = closedAt
}

function bookingAndSource(d: DayInput, rng: Rng): Pick<LogPlan, 'source' | 'coords' | 'office' | 'project' | 'task'> {
  const { company, person: p, date } = d
  const source = p.traits.mobile ? (rng.chance(0.9) ? 'mobile' : 'client') : rng.chance(p.traits.viaMcp) ? 'mcp' : 'client'
  const officeIdx = p.office ?? company.teams[p.team]!.office
  const office = company.offices[officeIdx]!
  const coords = source === 'mobile' ? jitter(rng, office.latitude, office.longitude, office.radiusMeters * 0.6) : null
  const bookable = p.projects.filter((i) => {
    const until = company.projects[i]!.bookableUntil
    return until === null || date <= until
  })
  let project: number | null = null
  let task: number | null = null
  if (bookable.length > 0 && rng.chance(BOOKING_SHARE[p.profile])) {
    project = rng.chance(0.55) ? bookable[0]! : rng.pick(bookable)
    const own = company.projects[project]!.tasks.filter((t) => company.tasks[t]!.assignee === p.idx && company.tasks[t]!.status !== 'todo')
    task = own.length > 0 && rng.chance(0.8) ? rng.pick(own) : null
  }
  return { source, coords, office: coords ? officeIdx : null, project, task }
}

/** A point within `meters` of a centre. */
export function jitter(rng: Rng, lat: number, lon: number, meters: number): [number, number] {
  const r = meters * Math.sqrt(rng.next())
  const a = rng.range(0, Math.PI * 2)
  const dLat = (r * Math.cos(a)) / 111_320
  const dLon = (r * Math.sin(a)) / (111_320 * Math.cos((lat * Math.PI) / 180))
  return [Math.round((lat + dLat) * 1e6) / 1e6, Math.round((lon + dLon) * 1e6) / 1e6]
}

/** Cuts a planned log at `now`: later logs do not exist yet, the one spanning `now` is open. */
function clip(env: SeedEnv, log: LogPlan): LogPlan | null {
  if (log.in >= env.now) return null
  if (log.status === 'auto_closed' || log.left <= env.now) return log
  const breaks = log.breaks.filter((b) => b.start < env.now).map((b) => (b.end !== null && b.end > env.now ? { ...b, end: null } : b))
  return { ...log, out: null, left: env.now, status: 'open', breaks }
}
