import { isDemoMode } from '../../kernel/access'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { localDate, toIso, toIsoOrNull } from '../../kernel/time'
import { emit } from '../webhooks/outbox-queries'
import { hours } from '../payroll/calculate'
import { tenantCurrency } from '../payroll/payroll-lines'
import { listPayrollPeople } from '../payroll/people-queries'
import { rateCardsInEffect } from '../payroll/queries'
import { resolveRate } from '../payroll/rates'
import { projectWorkedSecondsByUser } from '../time-tracking/worked-time-read-model'
import { getProjectInTenant, updateProjectRow, type ProjectRow } from './queries'

const pct = (used: number, budget: number | null): number | null =>
  budget === null ? null : budget === 0 ? (used > 0 ? 100 : 0) : Math.round((used / budget) * 10000) / 100

/** Hours and money used against a project's budget. Money: the bill rate, else each person's rate card. */
export function projectBudget(ctx: TenantBoundCtx, project: ProjectRow) {
  const perUser = projectWorkedSecondsByUser(ctx, project.id)
  const seconds = perUser.reduce((a, u) => a + u.seconds, 0)
  let usedCents: number
  if (project.billRateCents !== null) {
    usedCents = Math.round((seconds / 3600) * project.billRateCents)
  } else {
    const cards = rateCardsInEffect(ctx, localDate(ctx.now, ctx.tenant.timezone))
    const people = new Map(
      listPayrollPeople(
        ctx,
        perUser.map((u) => u.userId),
      ).map((p) => [p.id, p]),
    )
    usedCents = perUser.reduce((a, u) => {
      const person = people.get(u.userId)
      const rate = person ? (resolveRate(cards, person).card?.hourlyRateCents ?? 0) : 0
      return a + Math.round((u.seconds / 3600) * rate)
    }, 0)
  }
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
    valued_with: project.billRateCents !== null ? ('project_bill_rate' as const) : ('rate_cards' as const),
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
