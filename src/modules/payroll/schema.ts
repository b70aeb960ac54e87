import { index, integer, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import type { Role } from '../../kernel/ctx'
import { users, type WorkProfile } from '../users/schema'
import { teams } from '../teams/schema'

export const costCenters = sqliteTable(
  'cost_centers',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('cost_centers_tenant_code_uq').on(t.tenantId, t.code)],
)

export const costCentersDoc = describeEntity(costCenters, {
  entity: 'CostCenter',
  description: 'An accounting unit hours and pay are reported against.',
  fields: {
    id: 'UUID of the cost center.',
    tenantId: 'Owning tenant.',
    code: 'Accounting code.',
    name: 'Name.',
    createdAt: 'When it was created.',
  },
})

export const rateCards = sqliteTable(
  'rate_cards',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    name: text('name').notNull(),
    userId: text('user_id').references((): AnySQLiteColumn => users.id, { onDelete: 'cascade' }),
    teamId: text('team_id').references((): AnySQLiteColumn => teams.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>(),
    workProfile: text('work_profile').$type<WorkProfile>(),
    hourlyRateCents: integer('hourly_rate_cents').notNull(),
    overtimeMultiplier: real('overtime_multiplier'),
    currency: text('currency').notNull(),
    effectiveFrom: localDay('effective_from').notNull(),
    effectiveTo: localDay('effective_to'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [index('rate_cards_tenant_idx').on(t.tenantId, t.effectiveFrom)],
)

export const rateCardsDoc = describeEntity(rateCards, {
  entity: 'RateCard',
  description:
    'Hourly pay rate with effective dates (history kept: a new rate ends the previous one the day before). The most specific card in effect on a day wins: user, then primary team, then role, then work profile, then the tenant default (all null).',
  fields: {
    id: 'UUID of the rate card.',
    tenantId: 'Owning tenant.',
    name: 'Name.',
    userId: 'Applies to this user only.',
    teamId: 'Applies to this team.',
    role: 'Applies to people of this role (employee, manager, admin, owner_admin).',
    workProfile: 'Applies to this work profile.',
    hourlyRateCents: 'Regular hourly rate in cents.',
    overtimeMultiplier: "Multiplier for overtime hours; null for the tenant's overtime multiplier.",
    currency: 'ISO 4217 currency: always the tenant currency when the card was written.',
    effectiveFrom: 'First date the rate applies.',
    effectiveTo: 'Last date the rate applies; null for open-ended.',
    createdAt: 'When it was created.',
  },
})

export const payrollPeriods = sqliteTable(
  'payroll_periods',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    periodStart: localDay('period_start').notNull(),
    periodEnd: localDay('period_end').notNull(),
    status: text('status').$type<'open' | 'closed'>().notNull(),
    closedAt: instant('closed_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('payroll_periods_tenant_start_uq').on(t.tenantId, t.periodStart)],
)

export const payrollPeriodsDoc = describeEntity(payrollPeriods, {
  entity: 'PayrollPeriod',
  description: 'A pay period; closing it (payroll.period_closed) freezes what pay runs export.',
  fields: {
    id: 'UUID of the period.',
    tenantId: 'Owning tenant.',
    periodStart: 'First date.',
    periodEnd: 'Last date.',
    status: 'open or closed.',
    closedAt: 'When it was closed.',
    createdAt: 'When it was created.',
  },
})

export const PAY_RUN_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const
export type PayRunStatus = (typeof PAY_RUN_STATUSES)[number]

export const payRuns = sqliteTable(
  'pay_runs',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    payrollPeriodId: text('payroll_period_id')
      .notNull()
      .references(() => payrollPeriods.id, { onDelete: 'cascade' }),
    status: text('status').$type<PayRunStatus>().notNull(),
    format: text('format').$type<'csv'>().notNull().default('csv'),
    requestedByKeyId: text('requested_by_key_id'),
    requestedAt: instant('requested_at').notNull(),
    completedAt: instant('completed_at'),
    rowCount: integer('row_count'),
    totalAmountCents: integer('total_amount_cents'),
    content: text('content'),
    checksum: text('checksum'),
    error: text('error'),
  },
  (t) => [index('pay_runs_tenant_period_idx').on(t.tenantId, t.payrollPeriodId)],
)

export const payRunsDoc = describeEntity(payRuns, {
  entity: 'PayRunExport',
  description: 'A pay-run export of a payroll period as CSV, produced in the background (payroll.export_ready when done).',
  fields: {
    id: 'UUID of the export.',
    tenantId: 'Owning tenant.',
    payrollPeriodId: 'Period exported.',
    status: 'queued, processing, ready or failed.',
    format: 'File format (csv).',
    requestedByKeyId: 'Key that triggered the export.',
    requestedAt: 'When it was requested.',
    completedAt: 'When the file became ready.',
    rowCount: 'Lines in the file (one per user).',
    totalAmountCents: 'Sum of gross pay in the file.',
    content: 'The CSV itself.',
    checksum: 'SHA-256 of the CSV.',
    error: 'Why it failed, if it did.',
  },
})
