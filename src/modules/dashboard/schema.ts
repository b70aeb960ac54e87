import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import { users } from '../users/schema'

export const ALERT_KINDS = ['unusual_hours', 'not_clocked_in', 'timesheet_gap', 'overtime'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export const workloadAlerts = sqliteTable(
  'workload_alerts',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: localDay('date').notNull(),
    kind: text('kind').$type<AlertKind>().notNull(),
    severity: text('severity').$type<'info' | 'warning' | 'critical'>().notNull(),
    message: text('message').notNull(),
    details: text('details', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('workload_alerts_tenant_date_user_kind_uq').on(t.tenantId, t.date, t.userId, t.kind)],
)

export const workloadAlertsDoc = describeEntity(workloadAlerts, {
  entity: 'WorkloadAlert',
  description: 'A workload signal for one user and date: unusual hours, not clocked in against the schedule, timesheet gap, overtime.',
  exposedByTool: ['get_workload_alerts'],
  fields: {
    id: 'UUID of the alert.',
    tenantId: 'Owning tenant.',
    userId: 'Who it is about.',
    date: 'Tenant-local date.',
    kind: 'unusual_hours, not_clocked_in, timesheet_gap or overtime.',
    severity: 'info, warning or critical.',
    message: 'Sentence for a manager.',
    details: 'Numbers behind the alert (hours worked, scheduled start, …).',
    createdAt: 'When it was computed.',
  },
})

/**
 * Organisation-wide figures per tenant-local date, kept by SQLite triggers on person_day_totals and
 * daily_activity_summaries (dashboard/tenant-day-totals.ts) inside whatever transaction writes
 * those: the organisation's closed worked time and its activity seconds by category. The
 * dashboard's organisation scope reads one row per date instead of one per person and date.
 */
export const tenantDayTotals = sqliteTable(
  'tenant_day_totals',
  {
    tenantId: tenantRef(),
    date: text('date').notNull(),
    workedMs: integer('worked_ms').notNull().default(0),
    productiveSeconds: integer('productive_seconds').notNull().default(0),
    neutralSeconds: integer('neutral_seconds').notNull().default(0),
    unproductiveSeconds: integer('unproductive_seconds').notNull().default(0),
    idleSeconds: integer('idle_seconds').notNull().default(0),
    summaryRows: integer('summary_rows').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.date] })],
)

export const tenantDayTotalsDoc = describeEntity(tenantDayTotals, {
  entity: 'TenantDayTotal',
  description:
    "One tenant-local date of the whole organisation: the sum of person_day_totals' worked time and of the daily activity summaries' seconds, maintained by triggers: what the dashboard's organisation scope reads.",
  fields: {
    tenantId: 'Owning tenant.',
    date: 'Tenant-local date (YYYY-MM-DD).',
    workedMs: 'Sum of person_day_totals.worked_ms of the date (closed logs, net of unpaid breaks).',
    productiveSeconds: 'Sum of the daily activity summaries of the date, productive seconds.',
    neutralSeconds: 'Same, neutral seconds.',
    unproductiveSeconds: 'Same, unproductive seconds.',
    idleSeconds: 'Same, idle seconds.',
    summaryRows: 'How many daily activity summaries the date has (0: not summarised yet).',
  },
})

/**
 * The organisation's OPEN time logs (people clocked in) per tenant and quarter hour of clock-in
 * (`bucket` = clock_in_at / 900,000, integer division), kept exact by SQLite triggers on time_logs
 * and breaks (dashboard/open-session-totals.ts): how many are open, the sum of their clock-in
 * instants, and per break kind the ms of their ended breaks and the count and start sum of their
 * unended breaks. The dashboard's organisation scope computes the open sessions' worked time as
 * `n x now - sums` over a handful of rows instead of a row per person clocked in. A row exists
 * while its bucket has open logs.
 */
export const tenantOpenSessions = sqliteTable(
  'tenant_open_sessions',
  {
    tenantId: tenantRef(),
    bucket: integer('bucket').notNull(),
    openLogs: integer('open_logs').notNull().default(0),
    clockInSum: integer('clock_in_sum').notNull().default(0),
    breakEndedMs: integer('break_ended_ms').notNull().default(0),
    breakOpen: integer('break_open').notNull().default(0),
    breakOpenStartSum: integer('break_open_start_sum').notNull().default(0),
    lunchEndedMs: integer('lunch_ended_ms').notNull().default(0),
    lunchOpen: integer('lunch_open').notNull().default(0),
    lunchOpenStartSum: integer('lunch_open_start_sum').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.bucket] })],
)

export const tenantOpenSessionsDoc = describeEntity(tenantOpenSessions, {
  entity: 'TenantOpenSessions',
  description:
    "The organisation's open time logs per quarter hour of clock-in, maintained by triggers on time_logs and breaks: what the dashboard's organisation scope reads for the hours of people still clocked in.",
  fields: {
    tenantId: 'Owning tenant.',
    bucket: 'Quarter hour of the clock-in: clock_in_at (epoch ms) / 900000, integer division.',
    openLogs: 'Open time logs (no clock-out) that clocked in in this quarter hour.',
    clockInSum: 'Sum of their clock_in_at (epoch ms).',
    breakEndedMs: "Sum of ended_at - started_at of their ended breaks of kind 'break'.",
    breakOpen: "How many of their breaks of kind 'break' have not ended.",
    breakOpenStartSum: "Sum of started_at of those unended 'break' breaks.",
    lunchEndedMs: "Same as breakEndedMs for kind 'lunch'.",
    lunchOpen: "Same as breakOpen for kind 'lunch'.",
    lunchOpenStartSum: "Same as breakOpenStartSum for kind 'lunch'.",
  },
})
