import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import { users } from '../users/schema'

export const TIMESHEET_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'auto_generated'] as const
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number]

export const timesheets = sqliteTable(
  'timesheets',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    periodStart: localDay('period_start').notNull(),
    periodEnd: localDay('period_end').notNull(),
    status: text('status').$type<TimesheetStatus>().notNull(),
    totalSeconds: integer('total_seconds').notNull(),
    submittedAt: instant('submitted_at'),
    decidedAt: instant('decided_at'),
    decidedByUserId: text('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
    /** The owner's name (users.name), kept by triggers (owner-names.ts): the list's sort key. */
    ownerName: text('owner_name').notNull().default(''),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('timesheets_tenant_user_period_uq').on(t.tenantId, t.userId, t.periodStart),
    // The REST list's order (latest period first, then the owner's name), whole or by status: a
    // page is read off the index, not sorted from every timesheet of its periods (issue 18).
    index('timesheets_tenant_status_list_idx').on(t.tenantId, t.status, sql`${t.periodStart} desc`, t.ownerName, t.id),
    index('timesheets_tenant_list_idx').on(t.tenantId, sql`${t.periodStart} desc`, t.ownerName, t.id),
  ],
)

export const timesheetsDoc = describeEntity(timesheets, {
  entity: 'Timesheet',
  description:
    "A user's hours for one pay period. draft -> submitted -> approved | rejected (with reason) -> resubmitted; auto_generated when the period closed without a submission. Approved timesheets are locked.",
  exposedByTool: ['list_my_timesheet', 'list_pending_approvals', 'get_workload_alerts'],
  fields: {
    id: 'UUID of the timesheet.',
    tenantId: 'Owning tenant.',
    userId: 'Whose hours.',
    periodStart: 'First date of the period.',
    periodEnd: 'Last date of the period.',
    status: 'draft, submitted, approved, rejected or auto_generated.',
    totalSeconds: 'Worked seconds of the time logs it includes, net of their breaks (clock-out minus clock-in minus breaks).',
    submittedAt: 'Last submission.',
    decidedAt: 'Last approval or rejection.',
    decidedByUserId: 'Manager or admin who approved or rejected.',
    rejectionReason: 'Why it was rejected; null otherwise.',
    ownerName: "The owner's name as users.name holds it (kept equal by triggers): what the timesheet list sorts by within a period.",
    createdAt: 'When the timesheet was created.',
    updatedAt: 'Last change.',
  },
})

export const timesheetStatusHistory = sqliteTable(
  'timesheet_status_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tenantId: tenantRef(),
    timesheetId: text('timesheet_id')
      .notNull()
      .references(() => timesheets.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<TimesheetStatus>(),
    toStatus: text('to_status').$type<TimesheetStatus>().notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    changedAt: instant('changed_at').notNull(),
  },
  (t) => [
    index('timesheet_history_tenant_sheet_idx').on(t.tenantId, t.timesheetId, t.changedAt),
    index('timesheet_history_tenant_time_idx').on(t.tenantId, t.changedAt),
  ],
)

export const timesheetStatusHistoryDoc = describeEntity(timesheetStatusHistory, {
  entity: 'TimesheetStatusChange',
  description: 'One transition of a timesheet, with who made it and why.',
  exposedByTool: ['list_recent_activity'],
  fields: {
    id: 'Sequence number.',
    tenantId: 'Owning tenant.',
    timesheetId: 'Timesheet changed.',
    fromStatus: 'Previous status; null on creation.',
    toStatus: 'New status.',
    actorUserId: 'Who made the change; null for the system.',
    reason: 'Rejection reason or note.',
    changedAt: 'When it changed.',
  },
})

/**
 * Timesheets per tenant and status, kept exact by SQLite triggers on timesheets
 * (timesheets/status-counts.ts): the organisation's pending approvals and the timesheet list's
 * total without counting the tenant's timesheets (all periods so far) on every call.
 */
export const tenantTimesheetCounts = sqliteTable(
  'tenant_timesheet_counts',
  {
    tenantId: tenantRef(),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.status] })],
)

export const tenantTimesheetCountsDoc = describeEntity(tenantTimesheetCounts, {
  entity: 'TenantTimesheetCount',
  description:
    "How many timesheets a tenant has in one status, maintained by triggers on timesheets: the dashboard's pending approvals and the timesheet list's total.",
  fields: {
    tenantId: 'Owning tenant.',
    status: 'Timesheet status (draft, submitted, auto_generated, approved, rejected, …).',
    n: 'Timesheets of the tenant in that status.',
  },
})
