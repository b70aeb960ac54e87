import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Nullable, PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { toIso, toIsoOrNull, hoursFromSeconds } from '../../kernel/time'
import { scopeUserIds, usersOfTeam, managerVisibility, visibleUser } from '../users/visibility'
import { listTimesheetsPage, type TimesheetListRow } from './timesheet-list-read-model'
import { TIMESHEET_STATUSES } from './schema'
import { TimesheetStatusEnum } from './timesheet-model'

export const TimesheetSummary = t.Object(
  {
    id: Id,
    user_id: Id,
    user_name: t.String(),
    user_email: t.String(),
    period_start: DateOnly,
    period_end: DateOnly,
    status: TimesheetStatusEnum,
    total_seconds: t.Integer({ minimum: 0, description: 'Worked seconds of its time logs, net of breaks' }),
    total_hours: t.Number({ minimum: 0, description: 'total_seconds in hours, two decimals' }),
    submitted_at: Nullable(Instant),
    decided_at: Nullable(Instant, { description: 'Last approval or rejection' }),
    decided_by_user_id: Nullable(Id),
    rejection_reason: Nullable(t.String()),
    created_at: Instant,
    updated_at: Instant,
  },
  { description: 'A timesheet: one person, one pay period' },
)

const toTimesheetSummary = (r: TimesheetListRow) => ({
  id: r.id,
  user_id: r.userId,
  user_name: r.userName,
  user_email: r.userEmail,
  period_start: r.periodStart,
  period_end: r.periodEnd,
  status: r.status,
  total_seconds: r.totalSeconds,
  total_hours: hoursFromSeconds(r.totalSeconds),
  submitted_at: toIsoOrNull(r.submittedAt),
  decided_at: toIsoOrNull(r.decidedAt),
  decided_by_user_id: r.decidedByUserId,
  rejection_reason: r.rejectionReason,
  created_at: toIso(r.createdAt),
  updated_at: toIso(r.updatedAt),
})

export const listTimesheets = defineOperation({
  name: 'list_timesheets',
  title: 'List timesheets',
  description:
    'Timesheets, latest period first, filtered by person, team, status and a date range their period overlaps (from/to, YYYY-MM-DD). Admins see everyone; a manager token bound to a manager sees the members of the teams they manage.',
  access: { role: 'manager' },
  input: t.Object({
    user_id: t.Optional(t.String({ ...Id, description: 'Only this person' })),
    team_id: t.Optional(t.String({ ...Id, description: 'Only members of this team' })),
    // A union of literals, not TimesheetStatusEnum: t.UnionEnum carries a default the query would pick up.
    status: t.Optional(
      t.Union(
        TIMESHEET_STATUSES.map((s) => t.Literal(s)),
        { description: 'Only timesheets in this status' },
      ),
    ),
    from: t.Optional(t.String({ ...DateOnly, description: 'Only periods ending on or after this date' })),
    to: t.Optional(t.String({ ...DateOnly, description: 'Only periods starting on or before this date' })),
    ...PageQuery,
  }),
  output: Paginated(TimesheetSummary),
  run(ctx, input) {
    if (input.from && input.to && input.from > input.to) {
      throw new DomainError('invalid_argument', 'from must not be after to.', { errors: [{ field: 'from', message: 'must be on or before to' }] })
    }
    const v = managerVisibility(ctx)
    let requested = input.team_id ? usersOfTeam(ctx, v, input.team_id) : null
    if (input.user_id) {
      const user = visibleUser(ctx, input.user_id, "this person's timesheets")
      requested = requested ? requested.filter((id) => id === user.id) : [user.id]
    }
    const w = pageWindow(input)
    const { rows, total } = listTimesheetsPage(ctx, { userIds: scopeUserIds(v, requested), status: input.status, from: input.from, to: input.to }, w)
    return { data: rows.map(toTimesheetSummary), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
