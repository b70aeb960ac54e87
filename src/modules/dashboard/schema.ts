import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, localDay, tenantRef, uuidPk } from '../../db/columns'
import { users } from '../users/schema'
import { DAILY_GRACE_MINUTES } from './overtime-grace'

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

const dayColumns = () => ({
  d0: integer('d0').notNull().default(0),
  d1: integer('d1').notNull().default(0),
  d2: integer('d2').notNull().default(0),
  d3: integer('d3').notNull().default(0),
  d4: integer('d4').notNull().default(0),
  d5: integer('d5').notNull().default(0),
  d6: integer('d6').notNull().default(0),
})

const WEEK_MS = sql.raw('(d0 + d1 + d2 + d3 + d4 + d5 + d6)')
/** overtime.ts dayOverShiftMs of each weekday, summed (a null shift compares false: no excess). */
const OVER_SHIFT_MS = sql.raw(
  [0, 1, 2, 3, 4, 5, 6].map((i) => `(case when d${i} > s${i} + ${DAILY_GRACE_MINUTES * 60_000} then d${i} - s${i} else 0 end)`).join(' + '),
)

/**
 * Worked time per person and ISO week (Monday to Sunday, tenant-local dates), kept by SQLite
 * triggers on person_day_totals, shift_schedules and users (dashboard/person-week-totals.ts) in
 * whatever transaction writes those: each weekday's closed time and scheduled shift, and the
 * person's name, contract and status as of now; the week's total, days, time over shifts and
 * overtime follow as generated columns (overtime.ts' rules). The organisation-wide team hours of
 * a week reads its top 100 from the indexes and the people clocked in by key, instead of every
 * person's days (issue 18, growth). Without rowid, keyed week first: one week's rows lie together,
 * so looking up the people clocked in reads few pages whatever the history (the migration says
 * WITHOUT ROWID; drizzle's schema has no word for it).
 */
export const personWeekTotals = sqliteTable(
  'person_week_totals',
  {
    tenantId: tenantRef(),
    monday: text('monday').notNull(),
    // No foreign key: a person's deletion deletes their rows by trigger (person-week-totals.ts).
    userId: text('user_id').notNull(),
    ...dayColumns(),
    s0: integer('s0'),
    s1: integer('s1'),
    s2: integer('s2'),
    s3: integer('s3'),
    s4: integer('s4'),
    s5: integer('s5'),
    s6: integer('s6'),
    name: text('name').notNull().default(''),
    contractMs: real('contract_ms').notNull().default(0),
    active: integer('active').notNull().default(0),
    workedMs: integer('worked_ms').generatedAlwaysAs(WEEK_MS, { mode: 'stored' }),
    daysWorked: integer('days_worked').generatedAlwaysAs(sql.raw('(d0 > 0) + (d1 > 0) + (d2 > 0) + (d3 > 0) + (d4 > 0) + (d5 > 0) + (d6 > 0)'), {
      mode: 'stored',
    }),
    overShiftMs: integer('over_shift_ms').generatedAlwaysAs(OVER_SHIFT_MS, { mode: 'stored' }),
    overtimeMs: real('overtime_ms').generatedAlwaysAs(
      sql`max(${OVER_SHIFT_MS}, case when contract_ms > 0 and ${WEEK_MS} > contract_ms then ${WEEK_MS} - contract_ms else 0 end)`,
      { mode: 'stored' },
    ),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.monday, t.userId] }),
    // Covering what the lists read (the key's user_id rides along): the top of a week comes off the index.
    index('person_week_totals_hours_idx').on(t.tenantId, t.monday, t.active, t.workedMs, t.overtimeMs, t.daysWorked, t.name),
    index('person_week_totals_overtime_idx').on(t.tenantId, t.monday, t.active, t.overtimeMs, t.workedMs, t.daysWorked, t.name),
  ],
)

export const personWeekTotalsDoc = describeEntity(personWeekTotals, {
  entity: 'PersonWeekTotal',
  description:
    "One person's ISO week from person_day_totals (closed time logs, net of unpaid breaks) and shift_schedules, with the week's overtime by the product's rule, maintained by triggers: what the organisation-wide team hours of a week reads.",
  fields: {
    tenantId: 'Owning tenant.',
    monday: 'Tenant-local date of the Monday (YYYY-MM-DD).',
    userId: 'Whose week.',
    d0: 'Milliseconds worked on Monday.',
    d1: 'Tuesday.',
    d2: 'Wednesday.',
    d3: 'Thursday.',
    d4: 'Friday.',
    d5: 'Saturday.',
    d6: 'Sunday.',
    s0: "Net milliseconds of Monday's scheduled shift (length less the unpaid break); null without one.",
    s1: 'Tuesday.',
    s2: 'Wednesday.',
    s3: 'Thursday.',
    s4: 'Friday.',
    s5: 'Saturday.',
    s6: 'Sunday.',
    name: "The person's name (users.name, kept in step).",
    contractMs: "The person's contracted weekly hours, in milliseconds (users.weekly_hours, kept in step).",
    active: "1 while the person's status is active (users.status, kept in step).",
    workedMs: 'Milliseconds worked in the week (d0 to d6).',
    daysWorked: 'Days of the week with time worked.',
    overShiftMs: 'Sum over the days of the time worked beyond the scheduled shift, for days more than the grace over it.',
    overtimeMs: 'Overtime of the week: the larger of the time over the contract and over_shift_ms.',
  },
})

/**
 * Each person's open time log (one at most: time_logs_one_open_uq) with its breaks' sums, kept by
 * SQLite triggers on time_logs and breaks (dashboard/person-open-sessions.ts): the open session's
 * worked time until now is `now - clock-in - its unpaid breaks` from this row alone. The
 * organisation-wide team hours reads the people clocked in here, a row each in one range, instead
 * of a break lookup per open log (issue 18, growth). Without rowid, so a tenant's rows lie together.
 */
export const personOpenSessions = sqliteTable(
  'person_open_sessions',
  {
    tenantId: tenantRef(),
    userId: text('user_id').notNull(),
    logId: text('log_id').notNull(),
    clockInAt: instant('clock_in_at').notNull(),
    breakEndedMs: integer('break_ended_ms').notNull().default(0),
    lunchEndedMs: integer('lunch_ended_ms').notNull().default(0),
    openBreakKind: text('open_break_kind'),
    openBreakSince: instant('open_break_since'),
    latestBreakAt: instant('latest_break_at'),
    oddBreaks: integer('odd_breaks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.userId] }), index('person_open_sessions_log_idx').on(t.tenantId, t.logId)],
)

export const personOpenSessionsDoc = describeEntity(personOpenSessions, {
  entity: 'PersonOpenSession',
  description:
    "A person's open time log with the sums of its breaks, maintained by triggers: what the organisation-wide team hours reads for the people clocked in.",
  fields: {
    tenantId: 'Owning tenant.',
    userId: 'Who is clocked in.',
    logId: 'The open time log.',
    clockInAt: 'Its clock-in (epoch ms).',
    breakEndedMs: "Milliseconds of its ended breaks of kind 'break'.",
    lunchEndedMs: "Milliseconds of its ended breaks of kind 'lunch'.",
    openBreakKind: 'Kind of its unended break (one at most: breaks_one_open_uq); null without one.',
    openBreakSince: 'When that break started; null without one.',
    latestBreakAt: 'The latest start or end of any of its breaks; null without breaks (a break after now is read from the breaks themselves).',
    oddBreaks: 'Its breaks that end before they start or start before the clock-in (read from the breaks themselves).',
  },
})

/**
 * The organisation's ACTIVE people per ISO week, kept by triggers on person_week_totals: their
 * worked time per weekday and how many of them have time in the week (rounded to hours at two
 * decimals, above 0): team hours' totals, members_with_time and by_day.
 */
export const tenantWeekTotals = sqliteTable(
  'tenant_week_totals',
  {
    tenantId: tenantRef(),
    monday: text('monday').notNull(),
    ...dayColumns(),
    withTime: integer('with_time').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.monday] })],
)

export const tenantWeekTotalsDoc = describeEntity(tenantWeekTotals, {
  entity: 'TenantWeekTotal',
  description: "The active people's worked time of one ISO week of the organisation, per weekday, maintained by triggers from person_week_totals.",
  fields: {
    tenantId: 'Owning tenant.',
    monday: 'Tenant-local date of the Monday (YYYY-MM-DD).',
    d0: 'Milliseconds worked by active people on Monday.',
    d1: 'Tuesday.',
    d2: 'Wednesday.',
    d3: 'Thursday.',
    d4: 'Friday.',
    d5: 'Saturday.',
    d6: 'Sunday.',
    withTime: 'Active people whose week rounds to more than 0 hours.',
  },
})
