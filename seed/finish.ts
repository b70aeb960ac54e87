import { addDays } from '../src/kernel/time'
import type { SeedEnv } from './env'
import { emit, hours, iso } from './events'
import type { Company } from './model'
import type { Roster } from './plan/roster'
import { writeSchedule } from './render/day'
import type { RunState } from './render/state'
import { Rng } from './rng'

const UPCOMING_DAYS = 14

/** Shifts of the next two weeks, so "upcoming shifts" and schedules have a future. */
export function writeUpcomingShifts(env: SeedEnv, company: Company, roster: Roster): void {
  for (let d = 1; d <= UPCOMING_DAYS; d++) {
    const date = addDays(env.today, d)
    const rng = new Rng(env.seed, 16, env.cal.dayNumber(date))
    for (const p of company.people) {
      const template = roster.template(p, date)
      if (template === null) continue
      const [startsAt, endsAt] = roster.times(template, date)
      writeSchedule(env, company, p, date, { template, scheduleStatus: 'scheduled', startsAt, endsAt, logs: [] }, rng)
    }
  }
}

/**
 * Budgets are set from the hours really booked, so each project lands at its scenario's share
 * (Route Optimizer v2 near 92%, Customs API Integration over budget); a project that crossed
 * its alert threshold records when, with its project.budget_alert event.
 */
export function settleBudgets(env: SeedEnv, company: Company, state: RunState): void {
  const update = env.sqlite.prepare('UPDATE projects SET budget_hours = ?, budget_amount_cents = ?, budget_alert_sent_at = ?, updated_at = ? WHERE tenant_id = ? AND id = ?')
  const rng = new Rng(env.seed, 17)
  company.projects.forEach((project, pi) => {
    const share = project.spec.used
    if (share === null) return
    const perDay = state.projectSeconds.subarray(pi * state.dayCount, (pi + 1) * state.dayCount)
    const usedHours = perDay.reduce((s, x) => s + x, 0) / 3600
    const budget = usedHours > 0 ? Math.max(1, Math.round(usedHours / share)) : rng.int(80, 400)
    const threshold = budget * 0.8
    let cumulative = 0
    let alertAt: number | null = null
    for (let d = 0; d < perDay.length && alertAt === null; d++) {
      cumulative += perDay[d]! / 3600
      if (cumulative >= threshold) alertAt = Math.min(env.cal.at(env.days[d]!, '18:00'), env.now)
    }
    const rateCents = project.spec.billRate === null ? null : Math.round(project.spec.billRate * env.region.rateScale * 100)
    update.run(budget, rateCents === null ? null : budget * rateCents, alertAt, alertAt ?? project.createdAt, env.tenantId, project.id)
    if (alertAt !== null) {
      emit(env, 'project.budget_alert', { projectId: project.id, projectName: project.name, budgetHours: budget, usedHours: hours(cumulative * 3600), percentUsed: Math.round((100 * cumulative) / budget), thresholdPercent: 80, alertAt: iso(alertAt) }, alertAt)
    }
  })
  update.finalize()
}

export function settleDevices(env: SeedEnv, state: RunState): void {
  const update = env.sqlite.prepare('UPDATE devices SET last_seen_at = ? WHERE tenant_id = ? AND id = ?')
  for (const [id, at] of state.deviceLastSeen) update.run(at, env.tenantId, id)
  update.finalize()
}
