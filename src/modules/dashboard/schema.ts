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

const GRACE_MS = DAILY_GRACE_MINUTES * 60_000
/** overtime.ts dayOverShiftMs as SQL: the day's ms beyond the shift when more than the grace beyond it (a null shift: 0). */
const dayOverSql = (day: string, shift: string) => `(case when ${day} > ${shift} + ${GRACE_MS} then ${day} - ${shift} else 0 end)`
/** overtime.ts weekOvertimeMs as SQL. */
const weekOvertimeSql = (week: string, overShift: string) =>
  `max(${overShift}, case when contract_ms > 0 and ${week} > contract_ms then ${week} - contract_ms else 0 end)`
/** The row's weekday column named by open_day (`cols` d or s). */
const onOpenDay = (col: 'd' | 's') => `(case open_day ${[0, 1, 2, 3, 4, 5, 6].map((i) => `when ${i} then ${col}${i}`).join(' ')} end)`
/** Over-shift ms of the other days than the open session's (its day's own excess taken off). */
const OVER_SHIFT_OTHER_DAYS = `(over_shift_ms - ${dayOverSql('open_day_ms', 'open_shift_ms')})`
/** The open session's time while paused on an unpaid break: from clock-in to the break, less unpaid ended breaks. */
const FROZEN_MS = 'max(0, open_paused_at - open_base)'
/** A value larger than any instant: the guard of a session the kept columns cannot count (odd breaks). */
const NEVER_MS = 9_007_199_254_740_991

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
    // The person's open session when it clocked in within this week (person_open_sessions, placed
    // on its tenant-local week by trigger: person-week-totals.ts), and the tenant's paid break kinds.
    openIn: instant('open_in'),
    openDay: integer('open_day'),
    openBreakMs: integer('open_break_ms').notNull().default(0),
    openLunchMs: integer('open_lunch_ms').notNull().default(0),
    openBreakKind: text('open_break_kind'),
    openBreakSince: instant('open_break_since'),
    openOdd: integer('open_odd').notNull().default(0),
    openLatest: instant('open_latest'),
    paidBreak: integer('paid_break').notNull().default(0),
    paidLunch: integer('paid_lunch').notNull().default(0),
    // The open session's time until now is `now - open_base` while running, a constant while paused.
    openBase: integer('open_base').generatedAlwaysAs(
      sql.raw(
        'case when open_in is not null then open_in + (case when paid_break = 1 then 0 else open_break_ms end) + (case when paid_lunch = 1 then 0 else open_lunch_ms end) end',
      ),
      { mode: 'stored' },
    ),
    openPausedAt: integer('open_paused_at').generatedAlwaysAs(
      sql.raw(
        "case when open_in is not null and ((open_break_kind = 'break' and paid_break = 0) or (open_break_kind = 'lunch' and paid_lunch = 0)) then open_break_since end",
      ),
      { mode: 'stored' },
    ),
    openDayMs: integer('open_day_ms').generatedAlwaysAs(sql.raw(onOpenDay('d')), { mode: 'stored' }),
    openShiftMs: integer('open_shift_ms').generatedAlwaysAs(sql.raw(onOpenDay('s')), { mode: 'stored' }),
    // The week's ms as a function of now: `week_static` (not clocked in this week, or paused), or
    // `week_running + now` (running). Same for overtime: `ot_static`, or for a running session the
    // larger of it, `ot_run_week + now` (over the contract) and `ot_run_day + now` (its day over the shift).
    weekStatic: integer('week_static').generatedAlwaysAs(
      sql.raw(`case when open_in is null then worked_ms when open_paused_at is not null then worked_ms + ${FROZEN_MS} end`),
      { mode: 'stored' },
    ),
    weekRunning: integer('week_running').generatedAlwaysAs(sql.raw('case when open_in is not null and open_paused_at is null then worked_ms - open_base end'), {
      mode: 'stored',
    }),
    otStatic: real('ot_static').generatedAlwaysAs(
      sql.raw(
        `case when open_in is null then overtime_ms when open_paused_at is not null then ${weekOvertimeSql(
          `worked_ms + ${FROZEN_MS}`,
          `${OVER_SHIFT_OTHER_DAYS} + ${dayOverSql(`open_day_ms + ${FROZEN_MS}`, 'open_shift_ms')}`,
        )} else ${OVER_SHIFT_OTHER_DAYS} end`,
      ),
      { mode: 'stored' },
    ),
    otRunWeek: real('ot_run_week').generatedAlwaysAs(sql.raw('case when week_running is not null and contract_ms > 0 then week_running - contract_ms end'), {
      mode: 'stored',
    }),
    otRunDay: integer('ot_run_day').generatedAlwaysAs(
      sql.raw(`case when week_running is not null and open_shift_ms is not null then ${OVER_SHIFT_OTHER_DAYS} + open_day_ms - open_shift_ms - open_base end`),
      { mode: 'stored' },
    ),
    // The latest instant the kept columns assume is past (clock-in, breaks, the unpaid sum); NEVER for odd breaks.
    openGuard: integer('open_guard').generatedAlwaysAs(
      sql.raw(`case when open_in is null then null when open_odd > 0 then ${NEVER_MS} else max(open_latest, open_base) end`),
      { mode: 'stored' },
    ),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.monday, t.userId] }),
    // The lists' streams as a function of now (team-hours-now.ts), and the guard's check.
    index('person_week_totals_static_idx').on(t.tenantId, t.monday, t.active, t.weekStatic),
    index('person_week_totals_running_idx').on(t.tenantId, t.monday, t.active, t.weekRunning),
    index('person_week_totals_ot_static_idx').on(t.tenantId, t.monday, t.active, t.otStatic),
    index('person_week_totals_ot_week_idx').on(t.tenantId, t.monday, t.active, t.otRunWeek),
    index('person_week_totals_ot_day_idx').on(t.tenantId, t.monday, t.active, t.otRunDay),
    index('person_week_totals_guard_idx').on(t.tenantId, t.monday, t.openGuard),
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
    openIn: "Clock-in of the person's open session when it clocked in within this week (epoch ms); null otherwise.",
    openDay: 'Its weekday (0 = Monday).',
    openBreakMs: "Milliseconds of its ended breaks of kind 'break'.",
    openLunchMs: "Milliseconds of its ended breaks of kind 'lunch'.",
    openBreakKind: 'Kind of its unended break; null without one.',
    openBreakSince: 'When that break started.',
    openOdd: 'Its breaks the kept columns cannot count (end before start, unknown kind).',
    openLatest: 'The latest of its clock-in and its breaks’ starts and ends.',
    paidBreak: "1 when the tenant pays breaks of kind 'break' (tenants.paid_break_kinds, kept in step).",
    paidLunch: "1 when the tenant pays breaks of kind 'lunch'.",
    openBase: 'Clock-in plus its unpaid ended breaks: while running, the session has worked now minus this.',
    openPausedAt: 'Start of its unended unpaid break (the session is paused); null while running.',
    openDayMs: 'Closed milliseconds of its weekday (that d column).',
    openShiftMs: "Net milliseconds of its weekday's shift (that s column).",
    weekStatic: 'Milliseconds of the week when it does not grow with the clock: not clocked in this week, or paused.',
    weekRunning: 'While running: the week is this plus now (epoch ms).',
    otStatic: 'Overtime that does not grow with the clock (for a running session, its other days over their shifts).',
    otRunWeek: 'While running with a contract: the overtime over the contract is this plus now, when positive.',
    otRunDay: 'While running with a shift that day: the overtime of the day over its shift is this plus now, once past the grace.',
    openGuard: 'The latest instant the open columns assume is past; a read at an earlier now (or with odd breaks) counts the session from its breaks.',
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
    // The open sessions clocked in this week, per weekday of clock-in: running ones (count, sum of
    // open_base: they have worked r x now - b), and the paused ones' time.
    r0: integer('r0').notNull().default(0),
    r1: integer('r1').notNull().default(0),
    r2: integer('r2').notNull().default(0),
    r3: integer('r3').notNull().default(0),
    r4: integer('r4').notNull().default(0),
    r5: integer('r5').notNull().default(0),
    r6: integer('r6').notNull().default(0),
    b0: integer('b0').notNull().default(0),
    b1: integer('b1').notNull().default(0),
    b2: integer('b2').notNull().default(0),
    b3: integer('b3').notNull().default(0),
    b4: integer('b4').notNull().default(0),
    b5: integer('b5').notNull().default(0),
    b6: integer('b6').notNull().default(0),
    p0: integer('p0').notNull().default(0),
    p1: integer('p1').notNull().default(0),
    p2: integer('p2').notNull().default(0),
    p3: integer('p3').notNull().default(0),
    p4: integer('p4').notNull().default(0),
    p5: integer('p5').notNull().default(0),
    p6: integer('p6').notNull().default(0),
    withTimeStatic: integer('with_time_static').notNull().default(0),
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
    withTime: 'Active people whose closed time of the week rounds to more than 0 hours.',
    r0: 'Running open sessions clocked in on Monday.',
    r1: 'Same, day 1.',
    r2: 'Same, day 2.',
    r3: 'Same, day 3.',
    r4: 'Same, day 4.',
    r5: 'Same, day 5.',
    r6: 'Same, day 6.',
    b0: 'Sum of their open_base, Monday.',
    b1: 'Same, day 1.',
    b2: 'Same, day 2.',
    b3: 'Same, day 3.',
    b4: 'Same, day 4.',
    b5: 'Same, day 5.',
    b6: 'Same, day 6.',
    p0: 'Milliseconds of the paused open sessions clocked in on Monday.',
    p1: 'Same, day 1.',
    p2: 'Same, day 2.',
    p3: 'Same, day 3.',
    p4: 'Same, day 4.',
    p5: 'Same, day 5.',
    p6: 'Same, day 6.',
    withTimeStatic: 'Active people whose week_static rounds to more than 0 hours.',
  },
})
