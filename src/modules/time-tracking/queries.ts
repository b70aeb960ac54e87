import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { SQLQueryBindings } from 'bun:sqlite'
import { fastRows, prepared, sqliteOf } from '../../kernel/db'
import { openLogsOfIds, settlePersonDays } from './person-day-queries'
import { timeLogs } from './schema'

export type TimeLogRow = typeof timeLogs.$inferSelect
export type NewTimeLogRow = typeof timeLogs.$inferInsert

/** The user's open session, if any (prepared once: every clock-in and clock-out asks). */
export function findOpenTimeLog(ctx: TenantScope, userId: string): TimeLogRow | null {
  const stmt = prepared(ctx.db, 'timeLogs.open', (d) =>
    fastRows(
      d
        .select()
        .from(timeLogs)
        .where(and(eq(timeLogs.tenantId, sql.placeholder('tenantId')), eq(timeLogs.userId, sql.placeholder('userId')), isNull(timeLogs.clockOutAt)))
        .prepare(),
    ),
  )
  return stmt.get({ tenantId: ctx.tenant.id, userId }) ?? null
}

/** The columns of time_logs in schema.ts order: one cached INSERT with every column bound. */
const TIME_LOG_COLUMNS = [
  ['id', 'id'],
  ['tenantId', 'tenant_id'],
  ['userId', 'user_id'],
  ['clockInAt', 'clock_in_at'],
  ['clockOutAt', 'clock_out_at'],
  ['status', 'status'],
  ['source', 'source'],
  ['clockInLatitude', 'clock_in_latitude'],
  ['clockInLongitude', 'clock_in_longitude'],
  ['clockOutLatitude', 'clock_out_latitude'],
  ['clockOutLongitude', 'clock_out_longitude'],
  ['officeId', 'office_id'],
  ['isWithinGeofence', 'is_within_geofence'],
  ['nextTapDueAt', 'next_tap_due_at'],
  ['projectId', 'project_id'],
  ['taskId', 'task_id'],
  ['timesheetId', 'timesheet_id'],
  ['gapFillDoneAt', 'gap_fill_done_at'],
  ['note', 'note'],
  ['createdAt', 'created_at'],
] as const satisfies readonly (readonly [keyof TimeLogRow, string])[]
const INSERT_TIME_LOG = `insert into time_logs (${TIME_LOG_COLUMNS.map(([, c]) => c).join(', ')}) values (${TIME_LOG_COLUMNS.map(() => '?').join(', ')})`

/**
 * Inserts a time log and returns the row as stored (every column; the table has no defaults). A
 * statement prepared once per connection: every clock-in writes one. A closed log marks its
 * person-day (trigger), counted here in the same transaction; an open one marks nothing.
 */
export function insertTimeLog(ctx: TenantScope, row: Omit<NewTimeLogRow, 'tenantId'>): TimeLogRow {
  const log = { tenantId: ctx.tenant.id } as Record<keyof TimeLogRow, unknown>
  for (const [key] of TIME_LOG_COLUMNS) if (key !== 'tenantId') log[key] = (row as Record<string, unknown>)[key] ?? null
  sqliteOf(ctx.db)
    .query(INSERT_TIME_LOG)
    .run(...TIME_LOG_COLUMNS.map(([key]) => (key === 'isWithinGeofence' && log[key] !== null ? (log[key] ? 1 : 0) : log[key]) as SQLQueryBindings))
  if (log.clockOutAt !== null) settlePersonDays(ctx)
  return log as TimeLogRow
}

/**
 * Closes the open log `open` (as read in this transaction) and returns the row as stored: built from
 * `open` and the values written, as insertTimeLog builds its row (RETURNING every column through
 * drizzle cost more than the UPDATE). Null when the log was closed already (a concurrent second
 * clock-out: the null check makes it a no-op instead of a double close).
 */
export function closeTimeLog(
  ctx: TenantScope,
  open: TimeLogRow,
  values: { clockOutAt: number; latitude: number | null; longitude: number | null; gapFillDoneAt: number },
): TimeLogRow | null {
  const changed = sqliteOf(ctx.db)
    .query<unknown, [number, number | null, number | null, number, number, string]>(
      "update time_logs set clock_out_at = ?1, status = 'closed', clock_out_latitude = ?2, clock_out_longitude = ?3, gap_fill_done_at = ?4 where tenant_id = ?5 and id = ?6 and clock_out_at is null",
    )
    .run(values.clockOutAt, values.latitude, values.longitude, values.gapFillDoneAt, ctx.tenant.id, open.id).changes
  settlePersonDays(ctx)
  if (changed === 0) return null
  return {
    ...open,
    clockOutAt: values.clockOutAt,
    status: 'closed',
    clockOutLatitude: values.latitude,
    clockOutLongitude: values.longitude,
    gapFillDoneAt: values.gapFillDoneAt,
  }
}

/** The open time logs of the tenant (one per person at most: time_logs_one_open_uq), by user. */
export function openTimeLogsByUser(ctx: TenantScope): Map<string, TimeLogRow> {
  const rows = ctx.db
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, ctx.tenant.id), isNull(timeLogs.clockOutAt)))
    .all()
  return new Map(rows.map((r) => [r.userId, r]))
}

/** Which of these users (all users when null) are clocked in right now. */
export function openLogUserIds(ctx: TenantScope, userIds: string[] | null): Set<string> {
  if (userIds !== null && userIds.length === 0) return new Set()
  // Prepared once: the id list travels as a JSON array (list_employees calls this on every page).
  const all = userIds === null
  const stmt = prepared(ctx.db, `timeLogs.openUsers:${all}`, (d) =>
    fastRows(
      d
        .select({ userId: timeLogs.userId })
        .from(timeLogs)
        .where(and(eq(timeLogs.tenantId, sql.placeholder('tenantId')), isNull(timeLogs.clockOutAt), all ? undefined : openLogsOfIds()))
        .prepare(),
    ),
  )
  const rows = stmt.all({ tenantId: ctx.tenant.id, ids: JSON.stringify(userIds ?? []) })
  return new Set(rows.map((r) => r.userId))
}

/**
 * Time logs that overlap [from, to) (open ones included), for these users or all when null, by
 * clock-in. Open and closed logs are read apart: the open ones from the small partial index
 * time_logs_one_open_uq, the closed ones by clock-out (time_logs_tenant_out_idx), so the read
 * does not walk every log that ever clocked in before `to`.
 */
export function timeLogsOverlapping(ctx: TenantScope, range: { from: number; to: number }, userIds: string[] | null): TimeLogRow[] {
  if (userIds !== null && userIds.length === 0) return []
  const users = userIds === null ? undefined : inArray(timeLogs.userId, userIds)
  const open = ctx.db
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, ctx.tenant.id), isNull(timeLogs.clockOutAt), lt(timeLogs.clockInAt, range.to), users))
    .all()
  const closed = ctx.db
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, ctx.tenant.id), gt(timeLogs.clockOutAt, range.from), lt(timeLogs.clockInAt, range.to), users))
    .all()
  return closed.concat(open).sort((a, b) => a.clockInAt - b.clockInAt)
}

/** Clock-ins and clock-outs that happened since an instant (recent activity). */
export function timeLogsTouchedSince(ctx: TenantScope, since: number, userIds: string[] | null): TimeLogRow[] {
  if (userIds !== null && userIds.length === 0) return []
  return ctx.db
    .select()
    .from(timeLogs)
    .where(
      and(
        eq(timeLogs.tenantId, ctx.tenant.id),
        or(sql`${timeLogs.clockInAt} >= ${since}`, sql`${timeLogs.clockOutAt} >= ${since}`),
        userIds === null ? undefined : inArray(timeLogs.userId, userIds),
      ),
    )
    .all()
}

export function recentTimeLogs(ctx: TenantScope, userId: string, limit: number): TimeLogRow[] {
  return ctx.db
    .select()
    .from(timeLogs)
    .where(and(eq(timeLogs.tenantId, ctx.tenant.id), eq(timeLogs.userId, userId)))
    .orderBy(desc(timeLogs.clockInAt))
    .limit(limit)
    .all()
}
