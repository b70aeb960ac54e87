import { sql } from 'drizzle-orm'
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { flag, instant, tenantRef, uuidPk } from '../../db/columns'
import { users } from '../users/schema'
import { offices } from '../locations/schema'
import { projects } from '../projects/schema'
import { tasks } from '../tasks/schema'
import { timesheets } from '../timesheets/schema'

export const TIME_LOG_SOURCES = ['mcp', 'client', 'mobile', 'import', 'seed', 'correction'] as const
export type TimeLogSource = (typeof TIME_LOG_SOURCES)[number]
export const TIME_LOG_STATUSES = ['open', 'closed', 'auto_closed'] as const
export type TimeLogStatus = (typeof TIME_LOG_STATUSES)[number]

export const timeLogs = sqliteTable(
  'time_logs',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clockInAt: instant('clock_in_at').notNull(),
    clockOutAt: instant('clock_out_at'),
    status: text('status').$type<TimeLogStatus>().notNull(),
    source: text('source').$type<TimeLogSource>().notNull(),
    clockInLatitude: real('clock_in_latitude'),
    clockInLongitude: real('clock_in_longitude'),
    clockOutLatitude: real('clock_out_latitude'),
    clockOutLongitude: real('clock_out_longitude'),
    officeId: text('office_id').references(() => offices.id, { onDelete: 'set null' }),
    isWithinGeofence: flag('is_within_geofence'),
    nextTapDueAt: instant('next_tap_due_at'),
    projectId: text('project_id').references((): AnySQLiteColumn => projects.id, { onDelete: 'set null' }),
    taskId: text('task_id').references((): AnySQLiteColumn => tasks.id, { onDelete: 'set null' }),
    timesheetId: text('timesheet_id').references((): AnySQLiteColumn => timesheets.id, { onDelete: 'set null' }),
    gapFillDoneAt: instant('gap_fill_done_at'),
    note: text('note'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('time_logs_tenant_user_in_idx').on(t.tenantId, t.userId, t.clockInAt),
    index('time_logs_tenant_in_idx').on(t.tenantId, t.clockInAt),
    // Logs overlapping a range: the closed ones by clock-out (timeLogsOverlapping).
    index('time_logs_tenant_out_idx').on(t.tenantId, t.clockOutAt),
    index('time_logs_tenant_project_idx').on(t.tenantId, t.projectId),
    index('time_logs_tenant_timesheet_idx').on(t.tenantId, t.timesheetId),
    // At most one open time log per user, enforced by the database itself.
    uniqueIndex('time_logs_one_open_uq').on(t.tenantId, t.userId).where(sql`clock_out_at is null`),
    // The open logs by clock-in, covering (id for their breaks; clock_out_at so SQLite reads no row): the dashboard sums the organisation's
    // open sessions from this range without reading the table (dashboard/tenant-day-totals.ts).
    index('time_logs_open_in_idx').on(t.tenantId, t.clockInAt, t.id, t.clockOutAt).where(sql`clock_out_at is null`),
    // Closed logs still without gap-fill (imported ones): what the gap-fill job looks for every few minutes.
    index('time_logs_gap_fill_pending_idx').on(t.tenantId, t.clockOutAt).where(sql`gap_fill_done_at is null and clock_out_at is not null`),
  ],
)

export const timeLogsDoc = describeEntity(timeLogs, {
  entity: 'TimeLog',
  description: 'A work session from clock-in to clock-out: payroll evidence. Created by clock_in, finalised by clock_out.',
  exposedByTool: ['clock_in', 'clock_out', 'list_my_timesheet', 'summarize_team_hours', 'get_dashboard_summary'],
  fields: {
    id: 'UUID of the time log.',
    tenantId: 'Owning tenant.',
    userId: 'Who worked.',
    clockInAt: 'Clock-in instant.',
    clockOutAt: 'Clock-out instant; null while clocked in.',
    status: 'open, closed, or auto_closed (a forgotten clock-out closed by policy).',
    source: 'mcp, client, mobile, import, seed, or correction (added by a manager or admin with a reason).',
    clockInLatitude: 'Latitude sent with the clock-in, if any.',
    clockInLongitude: 'Longitude sent with the clock-in, if any.',
    clockOutLatitude: 'Latitude sent with the clock-out, if any.',
    clockOutLongitude: 'Longitude sent with the clock-out, if any.',
    officeId: 'Office whose geofence matched the clock-in coordinates.',
    isWithinGeofence: 'Geofence result of the clock-in; null when no coordinates were sent.',
    nextTapDueAt: 'When the next presence confirmation is due; null when the tenant has no presence policy.',
    projectId: 'Project the time is booked to, if any.',
    taskId: 'Task the time is booked to, if any.',
    timesheetId: 'Timesheet that includes this log.',
    gapFillDoneAt: 'When gap-fill blocks were generated for the closed log.',
    note: 'Free-text note.',
    createdAt: 'When the row was written.',
  },
})

export const BREAK_KINDS = ['break', 'lunch'] as const
export type BreakKind = (typeof BREAK_KINDS)[number]

export const breaks = sqliteTable(
  'breaks',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeLogId: text('time_log_id')
      .notNull()
      .references(() => timeLogs.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<BreakKind>().notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at'),
  },
  (t) => [
    index('breaks_tenant_user_idx').on(t.tenantId, t.userId, t.startedAt),
    index('breaks_tenant_log_idx').on(t.tenantId, t.timeLogId),
    uniqueIndex('breaks_one_open_uq').on(t.tenantId, t.userId).where(sql`ended_at is null`),
  ],
)

export const breaksDoc = describeEntity(breaks, {
  entity: 'Break',
  description: 'A pause inside a time log (break.started / break.ended).',
  fields: {
    id: 'UUID of the break.',
    tenantId: 'Owning tenant.',
    userId: 'Who took the break.',
    timeLogId: 'Time log the break belongs to.',
    kind: 'break or lunch.',
    startedAt: 'Start of the break.',
    endedAt: 'End of the break; null while on break.',
  },
})

export const presenceTaps = sqliteTable(
  'presence_taps',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeLogId: text('time_log_id')
      .notNull()
      .references(() => timeLogs.id, { onDelete: 'cascade' }),
    tappedAt: instant('tapped_at').notNull(),
    latitude: real('latitude'),
    longitude: real('longitude'),
    withinGeofence: flag('within_geofence'),
  },
  (t) => [index('presence_taps_tenant_log_idx').on(t.tenantId, t.timeLogId, t.tappedAt)],
)

export const presenceTapsDoc = describeEntity(presenceTaps, {
  entity: 'PresenceTap',
  description: "A presence confirmation while clocked in; satisfies the time log's next_tap_due_at.",
  fields: {
    id: 'UUID of the tap.',
    tenantId: 'Owning tenant.',
    userId: 'Who confirmed presence.',
    timeLogId: 'Open time log confirmed.',
    tappedAt: 'When presence was confirmed.',
    latitude: 'Latitude sent, if any.',
    longitude: 'Longitude sent, if any.',
    withinGeofence: 'Geofence result of the coordinates; null without coordinates.',
  },
})

export const CORRECTION_KINDS = ['added', 'edited'] as const
export type CorrectionKind = (typeof CORRECTION_KINDS)[number]

/** A time entry's clock-in and clock-out as a correction saw them. */
export interface EntryTimes {
  clock_in_at: string
  clock_out_at: string
  worked_seconds: number
}

export const timeCorrections = sqliteTable(
  'time_corrections',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeLogId: text('time_log_id').references(() => timeLogs.id, { onDelete: 'set null' }),
    kind: text('kind').$type<CorrectionKind>().notNull(),
    workDate: text('work_date').notNull(),
    before: text('before', { mode: 'json' }).$type<EntryTimes>(),
    after: text('after', { mode: 'json' }).$type<EntryTimes>().notNull(),
    reason: text('reason').notNull(),
    correctedByUserId: text('corrected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    correctedAt: instant('corrected_at').notNull(),
    adjustmentSeconds: integer('adjustment_seconds'),
    landsOn: text('lands_on'),
  },
  (t) => [
    index('time_corrections_tenant_user_idx').on(t.tenantId, t.userId, t.correctedAt),
    index('time_corrections_tenant_lands_idx').on(t.tenantId, t.landsOn),
  ],
)

export const timeCorrectionsDoc = describeEntity(timeCorrections, {
  entity: 'TimeCorrection',
  description:
    'A time entry added or changed by a manager or admin, with the reason. In an open payroll period the entry itself changes; in a closed one it stays frozen and the difference is paid as an adjustment in the period holding lands_on.',
  fields: {
    id: 'UUID of the correction.',
    tenantId: 'Owning tenant.',
    userId: 'Whose time was corrected.',
    timeLogId: 'The time log added or changed; null when a closed period kept it frozen and no log was added.',
    kind: 'added (a missing entry) or edited (clock-in or clock-out moved).',
    workDate: 'Tenant-local date the entry counts on (its clock-in date).',
    before: 'Clock-in, clock-out and worked seconds before; null for an added entry.',
    after: 'Clock-in, clock-out and worked seconds after.',
    reason: 'Why, as the corrector wrote it; shown to the person.',
    correctedByUserId: 'Who corrected it; null for the operator (CLI).',
    correctedAt: 'When.',
    adjustmentSeconds: 'Worked seconds paid as an adjustment because the work date lies in a closed payroll period; null otherwise.',
    landsOn: 'Tenant-local date whose pay period pays the adjustment; null without one.',
  },
})

/**
 * Worked time per person and tenant-local date, kept in step with time_logs and breaks in the
 * transaction that changes them (person-day-totals.ts): the closed logs that clocked in on the
 * date, net of their unpaid breaks, as netMsByUserDate counts them. Open logs are not in it: a
 * read adds them until now. Rebuilt from the raw rows by `workforce jobs run
 * time_tracking.rebuild_person_days` and when the time zone or the paid break kinds change.
 */
export const personDayTotals = sqliteTable(
  'person_day_totals',
  {
    tenantId: tenantRef(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    workedMs: integer('worked_ms').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.date] }),
    // Covering (user, ms after the date): a period's rows of everyone are read from the index alone,
    // without a table lookup per row (10,000 people, a week: 57 -> 22 ms; issue 18, growth).
    index('person_day_totals_tenant_date_idx').on(t.tenantId, t.date, t.userId, t.workedMs),
  ],
)

export const personDayTotalsDoc = describeEntity(personDayTotals, {
  entity: 'PersonDayTotal',
  description:
    'Worked time of one person on one tenant-local date from closed time logs (net of unpaid breaks), maintained with every clock-out, break and correction: what the dashboard, team hours and workload alerts read.',
  fields: {
    tenantId: 'Owning tenant.',
    userId: 'Whose time.',
    date: 'Tenant-local date the logs clocked in on (YYYY-MM-DD).',
    workedMs: 'Milliseconds worked by the closed logs of the date, net of unpaid breaks.',
  },
})

/**
 * Time logs whose worked time changed and is not yet counted in person_day_totals: one row per
 * change, written by SQLite triggers on time_logs and breaks (person-day-queries.ts), so no writer
 * can bypass the totals. The product's writes count them in their own transaction; reads count any
 * left (a row written by hand, an import) from the raw rows. No foreign keys: a mark may outlive
 * its person or tenant (their deletion is itself a change) and is simply dropped.
 */
export const personDayChanges = sqliteTable(
  'person_day_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tenantId: integer('tenant_id').notNull(),
    userId: text('user_id').notNull(),
    clockInAt: instant('clock_in_at').notNull(),
  },
  (t) => [index('person_day_changes_tenant_idx').on(t.tenantId)],
)

export const personDayChangesDoc = describeEntity(personDayChanges, {
  entity: 'PersonDayChange',
  description: 'A change of a closed time log or of its breaks not yet counted in person_day_totals (written by triggers, cleared by the next write or job).',
  fields: {
    id: 'Order of the change.',
    tenantId: 'Tenant of the time log.',
    userId: 'Whose time log.',
    clockInAt: 'Clock-in of the time log (its date is the one to recount).',
  },
})
