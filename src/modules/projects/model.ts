import { t } from 'elysia'
import { Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import type { ProjectRow } from './queries'

export const ProjectStatusEnum = t.Union([t.Literal('active'), t.Literal('on_hold'), t.Literal('completed'), t.Literal('archived')], {
  description: 'active, on_hold, completed or archived',
})

export const Project = t.Object({
  id: Id,
  name: t.String(),
  code: Nullable(t.String()),
  client_name: Nullable(t.String()),
  status: ProjectStatusEnum,
  budget_hours: Nullable(t.Number({ description: 'Budgeted hours; null for none' })),
  budget_amount_cents: Nullable(t.Integer({ description: 'Budgeted money in cents of the tenant currency; null for none' })),
  bill_rate_cents: Nullable(t.Integer({ description: 'Hourly rate that values hours against the money budget; null: each person’s rate card' })),
  alert_threshold_percent: t.Integer({ description: 'Percent of budget at which project.budget_alert fires' }),
  budget_alert_sent_at: Nullable(Instant),
  cost_center_id: Nullable(Id),
  external_source: Nullable(t.String({ description: 'External tool it is synced from (jira, asana, …)' })),
  external_id: Nullable(t.String()),
  created_at: Instant,
  updated_at: Instant,
})

export const toProject = (r: ProjectRow) => ({
  id: r.id,
  name: r.name,
  code: r.code,
  client_name: r.clientName,
  status: r.status,
  budget_hours: r.budgetHours,
  budget_amount_cents: r.budgetAmountCents,
  bill_rate_cents: r.billRateCents,
  alert_threshold_percent: r.alertThresholdPercent,
  budget_alert_sent_at: toIsoOrNull(r.budgetAlertSentAt),
  cost_center_id: r.costCenterId,
  external_source: r.externalSource,
  external_id: r.externalId,
  created_at: toIso(r.createdAt),
  updated_at: toIso(r.updatedAt),
})

/** Writable project fields shared by create and sync. */
export const ProjectFields = {
  name: t.String({ minLength: 1, maxLength: 200 }),
  code: t.Optional(Nullable(t.String({ maxLength: 50 }))),
  client_name: t.Optional(Nullable(t.String({ maxLength: 200 }))),
  status: t.Optional(ProjectStatusEnum),
  budget_hours: t.Optional(Nullable(t.Number({ minimum: 0, maximum: 10_000_000 }))),
  budget_amount_cents: t.Optional(Nullable(t.Integer({ minimum: 0 }))),
  bill_rate_cents: t.Optional(Nullable(t.Integer({ minimum: 0 }))),
  alert_threshold_percent: t.Optional(t.Integer({ minimum: 1, maximum: 100, description: 'Default 80' })),
}

export const ProjectBudget = t.Object({
  project_id: Id,
  currency: t.String({ description: 'Tenant currency (ISO 4217)' }),
  budget_hours: Nullable(t.Number()),
  used_hours: t.Number({ description: 'Worked hours booked to the project (closed time logs, net of breaks)' }),
  remaining_hours: Nullable(t.Number({ description: 'Negative when over budget' })),
  hours_percent_used: Nullable(t.Number()),
  budget_amount_cents: Nullable(t.Integer()),
  used_amount_cents: t.Integer({ description: 'Used hours valued at the project bill rate, else at each person’s rate card' }),
  remaining_amount_cents: Nullable(t.Integer()),
  amount_percent_used: Nullable(t.Number()),
  valued_with: t.Union([t.Literal('project_bill_rate'), t.Literal('rate_cards')]),
  alert_threshold_percent: t.Integer(),
  threshold_reached: t.Boolean({ description: 'True when hours or money used reached the alert threshold' }),
  budget_alert_sent_at: Nullable(Instant),
})
