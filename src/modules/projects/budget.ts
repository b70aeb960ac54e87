import { isDemoMode } from '../../kernel/access'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { localDate, toIso, toIsoOrNull } from '../../kernel/time'
import { emit } from '../webhooks/outbox-queries'
import { hours } from '../payroll/calculate'
import { tenantCurrency } from '../payroll/payroll-lines'
import { listPayrollPeople } from '../payroll/people-queries'
import { rateCardsBetween } from '../payroll/queries'
import { inEffectOn, resolveRateOn } from '../payroll/rates'
import { projectWorkedLogs, type WorkedLog } from '../time-tracking/worked-time-read-model'
import { billRatesOfProject } from './bill-rate-queries'
import { getProjectInTenant, updateProjectRow, type ProjectRow } from './queries'

const pct = (used: number, budget: number | null): number | null =>
  budget === null ? null : budget === 0 ? (used > 0 ? 100 : 0) : Math.round((used / budget) * 10000) / 100

/**
 * What the hours of each day are worth: the project bill rate in effect that day (the dated
 * history of set_project_bill_rate), else the project's flat bill rate, else the person's pay rate
 * card of that day. Amounts are rounded per person-and-rate (per rate for bill rates).
 */
function valueHours(ctx: TenantBoundCtx, project: ProjectRow, logs: WorkedLog[]): { usedCents: number; billed: boolean } {
  const history = billRatesOfProject(ctx, project.id)
  const tz = ctx.tenant.timezone
  const groups = new Map<string, { seconds: number; rate: number }>()
  const add = (key: string, seconds: number, rate: number) => {
    const g = groups.get(key)
    if (g) g.seconds += seconds
    else groups.set(key, { seconds, rate })
  }
  const needCards: { log: WorkedLog; date: string }[] = []
  for (const log of logs) {
    const date = localDate(log.clockInAt, tz)
    const bill = history.find((r) => inEffectOn(r, date))?.hourlyRateCents ?? project.billRateCents
    if (bill !== null) add(`bill|${bill}`, log.workedSeconds, bill)
    else needCards.push({ log, date })
  }
  if (needCards.length) {
    const dates = needCards.map((n) => n.date).sort()
    const cards = rateCardsBetween(ctx, dates[0]!, dates.at(-1)!)
    const people = new Map(listPayrollPeople(ctx, [...new Set(needCards.map((n) => n.log.userId))]).map((p) => [p.id, p]))
    for (const { log, date } of needCards) {
      const person = people.get(log.userId)
      const rate = person ? (resolveRateOn(cards, person, date).card?.hourlyRateCents ?? 0) : 0
      add(`card|${log.userId}|${rate}`, log.workedSeconds, rate)
    }
  }
  let usedCents = 0
  for (const g of groups.values()) usedCents += Math.round((g.seconds / 3600) * g.rate)
  return { usedCents, billed: project.billRateCents !== null || history.length > 0 }
}

/** Hours and money used against a project's budget (money: see valueHours). */
export function projectBudget(ctx: TenantBoundCtx, project: ProjectRow) {
  const logs = projectWorkedLogs(ctx, project.id)
  const seconds = logs.reduce((a, l) => a + l.workedSeconds, 0)
  const { usedCents, billed } = valueHours(ctx, project, logs)
  const usedHours = hours(seconds)
  const hoursPct = pct(seconds / 3600, project.budgetHours)
  const amountPct = pct(usedCents, project.budgetAmountCents)
  const reached = (hoursPct ?? 0) >= project.alertThresholdPercent || (amountPct ?? 0) >= project.alertThresholdPercent
  return {
    project_id: project.id,
    currency: tenantCurrency(ctx),
    budget_hours: project.budgetHours,
    used_hours: usedHours,
    remaining_hours: project.budgetHours === null ? null : Math.round((project.budgetHours - seconds / 3600) * 100) / 100,
    hours_percent_used: hoursPct,
    budget_amount_cents: project.budgetAmountCents,
    used_amount_cents: usedCents,
    remaining_amount_cents: project.budgetAmountCents === null ? null : project.budgetAmountCents - usedCents,
    amount_percent_used: amountPct,
    valued_with: billed ? ('project_bill_rate' as const) : ('rate_cards' as const),
    alert_threshold_percent: project.alertThresholdPercent,
    threshold_reached: reached,
    budget_alert_sent_at: toIsoOrNull(project.budgetAlertSentAt),
  }
}

export type ProjectBudgetState = ReturnType<typeof projectBudget>

/**
 * Emits project.budget_alert once when usage reaches the threshold (budget_alert_sent_at records
 * it). If a bigger budget later brings usage back under the threshold, the alert re-arms so the
 * next crossing is reported again. Call inside the transaction of the write (or read) that checks.
 * Time tracking calls it after a clock-out booked to a project.
 */
export function checkBudgetAlert(ctx: TenantBoundCtx, project: ProjectRow): { project: ProjectRow; budget: ProjectBudgetState } {
  const budget = projectBudget(ctx, project)
  if (budget.threshold_reached && project.budgetAlertSentAt === null) {
    const updated = updateProjectRow(ctx, project.id, { budgetAlertSentAt: ctx.now })
    emit(ctx, 'project.budget_alert', {
      projectId: project.id,
      name: project.name,
      thresholdPercent: project.alertThresholdPercent,
      budgetHours: budget.budget_hours,
      usedHours: budget.used_hours,
      hoursPercentUsed: budget.hours_percent_used,
      budgetAmountCents: budget.budget_amount_cents,
      usedAmountCents: budget.used_amount_cents,
      amountPercentUsed: budget.amount_percent_used,
      currency: budget.currency,
      reachedAt: toIso(ctx.now),
    })
    return { project: updated, budget: { ...budget, budget_alert_sent_at: toIso(ctx.now) } }
  }
  if (!budget.threshold_reached && project.budgetAlertSentAt !== null) {
    const updated = updateProjectRow(ctx, project.id, { budgetAlertSentAt: null })
    return { project: updated, budget: { ...budget, budget_alert_sent_at: null } }
  }
  return { project, budget }
}

/**
 * A project's budget as GET /projects/{id}/budget reports it (and the MCP tools that answer "how
 * many hours are left"): reading also checks the threshold (checkBudgetAlert). Demo tenants are
 * read-only for everyone, so there the budget is reported without recording an alert.
 */
export function currentProjectBudget(ctx: TenantBoundCtx, projectId: string): ProjectBudgetState {
  if (isDemoMode(ctx)) return projectBudget(ctx, getProjectInTenant(ctx, projectId))
  return inTransaction(ctx, (c) => checkBudgetAlert(c, getProjectInTenant(c, projectId)).budget)
}
