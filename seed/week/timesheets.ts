import type { TimesheetStatus } from '../../src/modules/timesheets/schema'
import { DAY, HOUR, MINUTE, addDays } from '../../src/kernel/time'
import { REJECTION_REASONS } from '../catalog/texts'
import type { SeedEnv } from '../env'
import { emit, hours, iso } from '../events'
import type { Company, Person } from '../model'
import type { LogPlan } from '../plan/types'
import { Rng } from '../rng'

export type Flow = TimesheetStatus | 'approved_after_rejection'

interface Step {
  from: TimesheetStatus | null
  to: TimesheetStatus
  at: number
  actor: Person | null
  reason: string | null
}

export interface SheetInput {
  env: SeedEnv
  company: Company
  person: Person
  logs: LogPlan[]
  weekStart: string
  weeksAgo: number
  /** Statuses still owed to the week so that every status appears (consumed in person order). */
  owed: Flow[]
}

/**
 * A person's weekly timesheet: links its closed time logs, sums their worked time net of breaks, and walks the
 * status machine (draft -> submitted -> approved | rejected, or auto_generated) with history and
 * events. Returns the total and final status for payroll.
 */
export function writeTimesheet(x: SheetInput): { seconds: number; status: TimesheetStatus } {
  const { env, person: p, logs } = x
  const id = env.ids.uuid()
  let seconds = 0
  for (const log of logs) {
    log.timesheetId = id
    // Net of breaks, as the product totals a timesheet (worked-time-read-model.ts).
    let ms = log.out! - log.in
    for (const b of log.breaks) ms -= Math.min(b.end ?? log.out!, log.out!) - b.start
    seconds += Math.round(Math.max(0, ms) / 1000)
  }
  const rng = new Rng(env.seed, 13, p.idx, env.cal.dayNumber(x.weekStart))
  const steps = walk(x, rng, chooseFlow(x, rng), logs)
  const last = steps[steps.length - 1]!
  const submitted = steps.filter((s) => s.to === 'submitted').pop()
  const decided = steps.filter((s) => s.to === 'approved' || s.to === 'rejected').pop()
  const periodEnd = addDays(x.weekStart, 6)
  env.w.timesheets.add({
    id,
    tenantId: env.tenantId,
    userId: p.id,
    periodStart: x.weekStart,
    periodEnd,
    status: last.to,
    totalSeconds: seconds,
    submittedAt: submitted?.at ?? null,
    decidedAt: decided?.at ?? null,
    decidedByUserId: decided?.actor?.id ?? null,
    rejectionReason: last.to === 'rejected' ? last.reason : null,
    createdAt: steps[0]!.at,
    updatedAt: Math.max(last.at, ...logs.map((l) => l.out!)),
  })
  const sheet = { userEmail: p.email, periodStart: x.weekStart, periodEnd, totalHours: hours(seconds) }
  const period = { timesheetId: id, userId: p.id, ...sheet }
  for (const s of steps) {
    env.w.timesheetHistory.add({
      tenantId: env.tenantId,
      timesheetId: id,
      fromStatus: s.from,
      toStatus: s.to,
      actorUserId: s.actor?.id ?? null,
      reason: s.reason,
      changedAt: s.at,
    })
    if (s.to === 'submitted') emit(env, 'timesheet.submitted', { ...period, submittedAt: iso(s.at) }, s.at)
    // The payload of timesheet.approved is the spec's, key for key.
    if (s.to === 'approved') emit(env, 'timesheet.approved', { ...sheet, approvedByEmail: s.actor!.email, approvedAt: iso(s.at) }, s.at)
    if (s.to === 'rejected')
      emit(env, 'timesheet.rejected', { timesheetId: id, ...sheet, rejectedByEmail: s.actor!.email, rejectedAt: iso(s.at), reason: s.reason ?? '' }, s.at)
    if (s.to === 'auto_generated') emit(env, 'timesheet.auto_generated', { ...period, generatedAt: iso(s.at) }, s.at)
  }
  // Timesheet gaps are workload alerts, written with the others by render/alerts.ts (the product's rule).
  return { seconds, status: last.to }
}

const pickFlow = (rng: Rng, mix: [Flow, number][]): Flow => mix[rng.weighted(mix.map((m) => m[1]))]![0]

/** The week's age decides most; Hannah Becker's support team is the approval backlog. */
function chooseFlow(x: SheetInput, rng: Rng): Flow {
  const { company, person: p, weeksAgo } = x
  if (weeksAgo === 0) return 'draft'
  const backlog = p.team === company.personas.backlogTeam && p.role === 'employee'
  if (weeksAgo === 1) {
    if (backlog) return rng.chance(0.9) ? 'submitted' : 'approved'
    if (p.role === 'employee' && x.owed.length > 0) return x.owed.shift()!
    return pickFlow(rng, [
      ['submitted', 45],
      ['approved', 42],
      ['rejected', 5],
      ['auto_generated', 4],
      ['draft', 4],
    ])
  }
  if (weeksAgo === 2) {
    if (backlog) return rng.chance(0.7) ? 'submitted' : 'approved'
    if (p.role === 'employee' && x.owed.length > 0) return x.owed.shift()!
    return pickFlow(rng, [
      ['approved', 82],
      ['approved_after_rejection', 3],
      ['rejected', 4],
      ['auto_generated', 8],
      ['submitted', 3],
    ])
  }
  return pickFlow(rng, [
    ['approved', 87],
    ['approved_after_rejection', 5],
    ['auto_generated', 8],
  ])
}

/** The transitions with their instants; a step that would lie after `now` has not happened yet. */
function walk(x: SheetInput, rng: Rng, flow: Flow, logs: LogPlan[]): Step[] {
  const { env, person: p } = x
  const createdAt = Math.min(...logs.map((l) => l.in))
  const lastOut = Math.max(...logs.map((l) => l.out!))
  const steps: Step[] = [{ from: null, to: 'draft', at: createdAt, actor: null, reason: null }]
  const push = (to: TimesheetStatus, at: number, actor: Person | null, reason: string | null = null): boolean => {
    if (at > env.now - MINUTE) return false
    steps.push({ from: steps[steps.length - 1]!.to, to, at, actor, reason })
    return true
  }
  if (flow === 'draft') return steps
  const periodEnd = env.cal.midnight(addDays(x.weekStart, 7))
  if (flow === 'auto_generated') {
    push('auto_generated', periodEnd + 2 * DAY + 5 * MINUTE, null)
    return steps
  }
  const friday = env.cal.at(addDays(x.weekStart, 4), '15:00') + rng.int(0, 3 * 3600) * 1000
  const monday = env.cal.at(addDays(x.weekStart, 7), '08:30') + rng.int(0, 3 * 3600) * 1000
  let at = Math.max(lastOut + rng.int(10, 60) * MINUTE, rng.chance(0.6) ? friday : monday)
  if (!push('submitted', at, p)) return steps
  const approver = approverOf(x.company, p)
  // Jonas Richter's rejection is part of his scenario.
  const reason = p.idx === x.company.personas.droppingEngineer ? REJECTION_REASONS[0]! : rng.pick(REJECTION_REASONS)
  if (flow === 'rejected' || flow === 'approved_after_rejection') {
    at += rng.int(2, 30) * HOUR
    if (!push('rejected', at, approver, reason) || flow === 'rejected') return steps
    at += rng.int(4, 24) * HOUR
    if (!push('submitted', at, p, 'Corrected and resubmitted.')) return steps
  }
  if (flow === 'submitted') return steps
  push('approved', at + rng.int(1, 50) * HOUR, approver)
  return steps
}

/** The team manager approves; managers' and admins' own sheets go to the owner, the owner's to an admin. */
export function approverOf(company: Company, p: Person): Person {
  const team = company.teams[p.team]!
  if (team.manager !== p.idx) return company.people[team.manager]!
  if (p.role === 'owner_admin') return company.people[company.personas.admins[0]!]!
  return company.people[company.personas.owner]!
}
