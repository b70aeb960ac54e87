import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int, Nullable, PeriodEnum } from '../../kernel/schemas'
import { localDate, periodRange, hoursFromMs, weekStart } from '../../kernel/time'
import { scheduledShiftSpans } from '../shifts/alert-queries'
import { findTeamInTenant } from '../teams/queries'
import { workedMsBetween } from '../time-tracking/person-day-queries'
import type { WorkedMs } from '../time-tracking/worked-ms'
import { peopleOrder } from '../users/name-order'
import { findUserInTenant, hoursMembers, type HoursMember } from '../users/queries'
import { scopeUserIds, usersOfTeam, visibility, type Visibility } from '../users/visibility'
import { overtimeCalendar, overtimeMsIn, shiftRows, type OvertimeWeek } from './overtime'
import { topPositions } from './top-positions'

/** Members listed at most (by hours, most first); the totals always cover everyone. */
const MAX_MEMBERS = 100

const MemberHours = t.Object(
  {
    user_id: Id,
    name: t.String(),
    hours: t.Number({ minimum: 0, description: 'Hours worked in the period, net of breaks' }),
    overtime_hours: t.Number({
      minimum: 0,
      description:
        'Overtime in the period by the rule of get_workload_alerts: per week, the larger of the hours over contract and the hours over scheduled shifts',
    }),
    days_worked: Int({ minimum: 0 }),
    is_clocked_in: t.Boolean(),
  },
  { description: 'Hours of one member in the period' },
)

interface Scope {
  teamId: string | null
  teamName: string
  userIds: string[] | null
}

/** Managers default to their primary team (when they manage it), else the first team they manage; admins to everyone. */
function resolveScope(ctx: TenantBoundCtx, v: Visibility, teamId: string | undefined): Scope {
  if (teamId) {
    const userIds = usersOfTeam(ctx, v, teamId)
    return { teamId, teamName: findTeamInTenant(ctx, teamId)!.name, userIds }
  }
  if (v.teamIds === null) return { teamId: null, teamName: `${ctx.tenant.name} (all employees)`, userIds: null }
  const me = ctx.actor.userId ? findUserInTenant(ctx, ctx.actor.userId) : null
  const primary = me?.primaryTeamId && v.teamIds.includes(me.primaryTeamId) ? me.primaryTeamId : v.teamIds[0]
  if (!primary) throw new DomainError('forbidden', 'You do not manage any team yet, so there is no team to summarise.')
  return { teamId: primary, teamName: findTeamInTenant(ctx, primary)!.name, userIds: usersOfTeam(ctx, v, primary) }
}

export const summarizeTeamHours = defineOperation({
  name: 'summarize_team_hours',
  title: 'Summarize team hours',
  description:
    "Hours worked by a team over a period (today, this_week, last_week, this_month, last_month; default this_week; weeks start Monday, company time zone), net of breaks: total, per member (with overtime hours) and per day, and who worked overtime (the same rule as get_workload_alerts' overtime alerts). team_id defaults to the manager's primary team; admins without team_id get the whole organisation. Manager role or above.",
  access: { role: 'manager' },
  input: t.Object({
    team_id: t.Optional(t.String({ format: 'uuid', description: "Team UUID; default the manager's primary team" })),
    period: t.Union(PeriodEnum.anyOf, { description: PeriodEnum.description, default: 'this_week' }),
  }),
  output: t.Object({
    scope_team_id: Nullable(Id, { description: 'Team summarised; null for organisation-wide' }),
    scope_team_name: t.String(),
    period_applied: PeriodEnum,
    period_start: DateOnly,
    period_end: DateOnly,
    result: t.Object(
      {
        total_hours: t.Number({ minimum: 0 }),
        member_count: Int({ minimum: 0, description: 'Active members in scope' }),
        members_with_time: Int({ minimum: 0 }),
        average_hours_per_member: t.Number({ minimum: 0 }),
        members: t.Array(MemberHours, { description: `Most hours first, at most ${MAX_MEMBERS}` }),
        members_truncated: t.Boolean(),
        overtime: t.Array(t.Object({ user_id: Id, name: t.String(), overtime_hours: t.Number({ minimum: 0 }) }), {
          description: 'Everyone in scope who worked overtime in the period (weekly hours over contract or a day over its shift), most first',
        }),
        by_day: t.Array(t.Object({ date: DateOnly, hours: t.Number({ minimum: 0 }) }), { description: 'Every date of the period up to today' }),
      },
      { description: 'Team hours breakdown' },
    ),
  }),
  run(ctx, input) {
    const v = visibility(ctx)
    const scope = resolveScope(ctx, v, input.team_id)
    const tz = ctx.tenant.timezone
    const today = localDate(ctx.now, tz)
    const { start, end } = periodRange(input.period, today)
    const members = hoursMembers(ctx, scopeUserIds(v, scope.userIds))
    const ids = scope.userIds === null ? null : members.map((m) => m.id)
    // From the Monday of the first week: weekly overtime counts the whole week to date.
    const worked = workedMsBetween(ctx, weekStart(start), end, ids)
    const lastDate = end < today ? end : today
    // One query over the period (one shift per person and date: shift_schedules_tenant_user_date_uq).
    const shifts = shiftRows(worked, lastDate >= start ? scheduledShiftSpans(ctx, start, lastDate, ids) : [])
    const calendar = overtimeCalendar(worked, start, lastDate)
    const clockedIn = worked.clockedIn
    const [first, last] = worked.span(start, end)
    const periodDates = worked.dates.slice(first, last + 1)
    const shownDates = periodDates.filter((d) => d <= lastDate).length
    const order = peopleOrder(ctx, members)
    const nameRank = order.ranks
    const { hours, overtimeMs, dayMs, totalMs, withTime, rows } = periodTotals(members, order.positionOf, worked, { first, last, shownDates }, calendar, shifts)
    // Most hours first, then by name, then in the SQL's order (what a stable sort of the rows kept).
    const byHours = (a: number, b: number) => hours[b]! - hours[a]! || nameRank[a]! - nameRank[b]! || a - b
    const listed = topPositions(hours, MAX_MEMBERS, byHours)
    const daysWorked = (position: number) => {
      const row = rows[position]
      let days = 0
      if (row) for (let i = first; i <= last; i++) if (row[i]! > 0) days++
      return days
    }
    // Rounded once per person, not in each of the sort's comparisons.
    const overtimeHours = new Float64Array(members.length)
    const withOvertime: number[] = []
    for (let p = 0; p < members.length; p++) {
      if (overtimeMs[p]! <= 0) continue
      overtimeHours[p] = hoursFromMs(overtimeMs[p]!)
      withOvertime.push(p)
    }
    // Most overtime first, then by name, then as the members are listed (a stable sort of the listed order).
    const byOvertime = (a: number, b: number) => overtimeHours[b]! - overtimeHours[a]! || nameRank[a]! - nameRank[b]! || byHours(a, b)
    const overtime = topPositions(overtimeHours, MAX_MEMBERS, byOvertime, withOvertime)
    const byDay = periodDates.slice(0, shownDates).map((date, i) => ({ date, hours: hoursFromMs(dayMs[i]!) }))
    return {
      scope_team_id: scope.teamId,
      scope_team_name: scope.teamName,
      period_applied: input.period,
      period_start: start,
      period_end: end,
      result: {
        total_hours: hoursFromMs(totalMs),
        member_count: members.length,
        members_with_time: withTime,
        average_hours_per_member: members.length ? hoursFromMs(totalMs / members.length) : 0,
        members: listed.map((p) => ({
          user_id: members[p]!.id,
          name: members[p]!.name,
          hours: hours[p]!,
          overtime_hours: overtimeHours[p]!,
          days_worked: daysWorked(p),
          is_clocked_in: clockedIn.has(members[p]!.id),
        })),
        members_truncated: members.length > MAX_MEMBERS,
        overtime: overtime.map((p) => ({ user_id: members[p]!.id, name: members[p]!.name, overtime_hours: overtimeHours[p]! })),
        by_day: byDay,
      },
    }
  },
})

interface MemberTotals {
  /** Hours of the period per member position (rounded as answered). */
  hours: Float64Array
  /** Overtime ms of the period per member position. */
  overtimeMs: Float64Array
  /** Everyone's ms per shown date of the period (by_day). */
  dayMs: Float64Array
  totalMs: number
  /** Members with hours > 0. */
  withTime: number
  /** Each member's row of `worked`, by position (undefined: nothing worked in its range). */
  rows: (Float64Array | undefined)[]
}

/**
 * One pass per member with worked time over the period's columns (first..last of `worked`, the
 * first `shownDates` of them up to today): into arrays by member position, so that the answer's
 * objects are built only for the members and overtime it lists (the organisation-wide call walks
 * 1,000 people: issue 18). Members are found from worked's rows (`positionOf`, by ids hashed once
 * already as its keys), not each member's row looked up by a member's id: a hash of every member's id
 * a call. Rows of people who are not members (no longer active) are left out.
 */
function periodTotals(
  members: readonly HoursMember[],
  positionOf: ReadonlyMap<string, number>,
  worked: WorkedMs,
  period: { first: number; last: number; shownDates: number },
  calendar: OvertimeWeek[],
  shifts: Map<string, Float64Array>,
): MemberTotals {
  const { first, last, shownDates } = period
  const out: MemberTotals = {
    hours: new Float64Array(members.length),
    overtimeMs: new Float64Array(members.length),
    dayMs: new Float64Array(shownDates),
    totalMs: 0,
    withTime: 0,
    rows: new Array(members.length),
  }
  for (const [userId, row] of worked.people()) {
    const position = positionOf.get(userId)
    if (position === undefined) continue
    out.rows[position] = row
    let ms = 0
    for (let i = first; i <= last; i++) {
      ms += row[i]!
      if (i - first < shownDates) out.dayMs[i - first]! += row[i]!
    }
    out.totalMs += ms
    out.hours[position] = hoursFromMs(ms)
    if (out.hours[position]! > 0) out.withTime++
    out.overtimeMs[position] = overtimeMsIn(calendar, row, members[position]!.weeklyHours, shifts.get(userId))
  }
  return out
}
