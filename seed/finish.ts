import { addDays } from '../src/kernel/time'
import type { EventPayload } from '../src/modules/webhooks/catalog'
import type { SeedEnv } from './env'
import { BUDGET_ALERT_PERCENT, billRateCents } from './catalog/org'
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

/** A project whose budget alert fired: on which day index, at what instant, against which budget. */
interface Crossing {
  project: number
  day: number
  at: number
  budget: number
  budgetCents: number | null
}

const pct = (used: number, budget: number | null): number | null =>
  budget === null ? null : budget === 0 ? (used > 0 ? 100 : 0) : Math.round((used / budget) * 10000) / 100

/**
 * Budgets are set from the hours really worked on each project (breaks excluded, as project
 * budgets count them), so each project lands at its scenario's share as the budget tools report
 * it (Route Optimizer v2 near 92%, Customs API Integration over budget); a project that crossed
 * its alert threshold records when, with its project.budget_alert event.
 */
export function settleBudgets(env: SeedEnv, company: Company, state: RunState): void {
  const update = env.sqlite.prepare(
    'UPDATE projects SET budget_hours = ?, budget_amount_cents = ?, budget_alert_sent_at = ?, updated_at = ? WHERE tenant_id = ? AND id = ?',
  )
  const rng = new Rng(env.seed, 17)
  const alerts: Crossing[] = []
  company.projects.forEach((project, pi) => {
    const share = project.spec.used
    if (share === null) return
    const worked = state.projectWorked.subarray(pi * state.dayCount, (pi + 1) * state.dayCount)
    const usedHours = worked.reduce((s, x) => s + x, 0) / 3600
    const budget = usedHours > 0 ? Math.max(1, Math.round(usedHours / share)) : rng.int(80, 400)
    let cumulative = 0
    let day = -1
    for (let d = 0; d < worked.length && day < 0; d++) {
      cumulative += worked[d]!
      if (pct(cumulative / 3600, budget)! >= BUDGET_ALERT_PERCENT) day = d
    }
    const at = day < 0 ? null : Math.min(env.cal.at(env.days[day]!, '18:00'), env.now)
    const rateCents = billRateCents(project.spec, env.region.rateScale)
    const budgetCents = rateCents === null ? null : budget * rateCents
    update.run(budget, budgetCents, at, at ?? project.createdAt, env.tenantId, project.id)
    if (at !== null) alerts.push({ project: pi, day, budget, budgetCents, at })
  })
  update.finalize()
  for (const a of alerts) emit(env, 'project.budget_alert', budgetAlert(env, company, state, a), a.at)
}

/**
 * The project.budget_alert payload as projects/budget.ts fills it: worked hours up to the day of
 * the crossing, valued at the project's bill rate, else at each person's rate card.
 */
function budgetAlert(env: SeedEnv, company: Company, state: RunState, a: Crossing): EventPayload<'project.budget_alert'> {
  const project = company.projects[a.project]!
  const perPerson = new Map<number, number>()
  const { bookings, dayCount } = state
  for (let i = 0; i < bookings.length; i += 3) {
    const slot = bookings[i]!
    if (Math.floor(slot / dayCount) !== a.project || slot % dayCount > a.day) continue
    perPerson.set(bookings[i + 1]!, (perPerson.get(bookings[i + 1]!) ?? 0) + bookings[i + 2]!)
  }
  let seconds = 0
  let rateCardCents = 0
  for (const [person, s] of perPerson) {
    seconds += s
    rateCardCents += Math.round((s / 3600) * company.people[person]!.rate.cents)
  }
  const rateCents = billRateCents(project.spec, env.region.rateScale)
  const usedCents = rateCents === null ? rateCardCents : Math.round((seconds / 3600) * rateCents)
  return {
    projectId: project.id,
    name: project.name,
    thresholdPercent: BUDGET_ALERT_PERCENT,
    budgetHours: a.budget,
    usedHours: hours(seconds),
    hoursPercentUsed: pct(seconds / 3600, a.budget),
    budgetAmountCents: a.budgetCents,
    usedAmountCents: usedCents,
    amountPercentUsed: pct(usedCents, a.budgetCents),
    currency: env.region.currency,
    reachedAt: iso(a.at),
  }
}

export function settleDevices(env: SeedEnv, state: RunState): void {
  const update = env.sqlite.prepare('UPDATE devices SET last_seen_at = ? WHERE tenant_id = ? AND id = ?')
  for (const [id, at] of state.deviceLastSeen) update.run(at, env.tenantId, id)
  update.finalize()
}
