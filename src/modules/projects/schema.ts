import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import { costCenters } from '../payroll/schema'

export const PROJECT_STATUSES = ['active', 'on_hold', 'completed', 'archived'] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

export const projects = sqliteTable(
  'projects',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    code: text('code'),
    clientName: text('client_name'),
    status: text('status').$type<ProjectStatus>().notNull(),
    budgetHours: real('budget_hours'),
    budgetAmountCents: integer('budget_amount_cents'),
    billRateCents: integer('bill_rate_cents'),
    alertThresholdPercent: integer('alert_threshold_percent').notNull().default(80),
    budgetAlertSentAt: instant('budget_alert_sent_at'),
    costCenterId: text('cost_center_id').references(() => costCenters.id, { onDelete: 'set null' }),
    externalSource: text('external_source'),
    externalId: text('external_id'),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    index('projects_tenant_status_idx').on(t.tenantId, t.status),
    uniqueIndex('projects_tenant_external_uq').on(t.tenantId, t.externalSource, t.externalId),
  ],
)

export const projectsDoc = describeEntity(projects, {
  entity: 'Project',
  description: 'A project time is booked to, with an hours and money budget and an alert threshold (project.budget_alert once when crossed).',
  fields: {
    id: 'UUID of the project.',
    tenantId: 'Owning tenant.',
    name: 'Project name.',
    code: 'Short code.',
    clientName: 'Client the project is for.',
    status: 'active, on_hold, completed or archived.',
    budgetHours: 'Budgeted hours; null for none.',
    budgetAmountCents: 'Budgeted money in cents of the tenant currency; null for none.',
    billRateCents: 'Hourly rate used to value hours against the money budget; falls back to rate cards.',
    alertThresholdPercent: 'Percent of budget at which project.budget_alert fires.',
    budgetAlertSentAt: 'When the budget alert fired; null until then (it fires once).',
    costCenterId: 'Cost center the project is charged to.',
    externalSource: 'Name of the external tool it is synced from (jira, asana, …).',
    externalId: 'Id in the external tool; with externalSource the key of the sync upsert.',
    createdAt: 'When the project was created.',
    updatedAt: 'Last change.',
  },
})

export const projectBillRates = sqliteTable(
  'project_bill_rates',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    hourlyRateCents: integer('hourly_rate_cents').notNull(),
    currency: text('currency').notNull(),
    effectiveFrom: localDay('effective_from').notNull(),
    effectiveTo: localDay('effective_to'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('project_bill_rates_tenant_project_idx').on(t.tenantId, t.projectId, t.effectiveFrom)],
)

export const projectBillRatesDoc = describeEntity(projectBillRates, {
  entity: 'ProjectBillRate',
  description:
    'A project bill rate with effective dates (history kept: a new one ends the previous one the day before). Hours of a day are valued at the bill rate in effect that day, else the project flat bill rate, else the person’s pay rate card.',
  fields: {
    id: 'UUID of the bill rate.',
    tenantId: 'Owning tenant.',
    projectId: 'The project.',
    hourlyRateCents: 'Hourly bill rate in cents of the tenant currency.',
    currency: 'ISO 4217 currency: the tenant currency when it was written.',
    effectiveFrom: 'First date the rate applies.',
    effectiveTo: 'Last date the rate applies; null for open-ended.',
    createdAt: 'When it was created.',
  },
})
