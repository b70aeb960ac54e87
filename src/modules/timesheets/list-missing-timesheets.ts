import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int, Nullable } from '../../kernel/schemas'
import { addDays, localDate, startOfLocalDay } from '../../kernel/time'
import { companySettingsOf } from '../tenants/queries'
import { userIdsOwingTimesheet } from '../time-tracking/worked-time-read-model'
import { usersMatching } from '../users/queries'
import { managerVisibility, scopeUserIds, usersOfTeam } from '../users/visibility'
import { payPeriodRange } from './period'
import { findTimesheetForPeriod } from './timesheet-queries'

const MissingStatusEnum = t.Union([t.Literal('missing'), t.Literal('draft'), t.Literal('rejected'), t.Literal('auto_generated')], {
  description:
    'missing: no timesheet for the period; draft: started, not submitted; rejected: sent back and not resubmitted; auto_generated: the system built it because the person did not submit',
})

/** Timesheets people have not submitted for a pay period (the tenant's weekly, biweekly, semimonthly or monthly periods). */
export const listMissingTimesheets = defineOperation({
  name: 'list_missing_timesheets',
  title: 'Timesheets not submitted',
  description:
    'People whose timesheet for a pay period is not submitted: none at all, a draft, rejected and not resubmitted, or auto-generated because they did not submit. period previous (default: the last finished pay period) or current, or any date inside the wanted period. Admins see everyone, managers the teams they manage; team_id narrows it. Manager role or above. Extended tool (enabled by the operator).',
  access: { role: 'manager' },
  input: t.Object({
    period: t.Union([t.Literal('previous'), t.Literal('current')], {
      description: 'previous: the last finished pay period; current: the one running today',
      default: 'previous',
    }),
    date: t.Optional(t.String({ ...DateOnly, description: 'A date (YYYY-MM-DD) inside the wanted pay period; overrides period' })),
    team_id: t.Optional(t.String({ format: 'uuid', description: 'Only the members of this team' })),
    include_without_time: t.Boolean({ default: false, description: 'Also list people who logged no time in the period and have no timesheet' }),
  }),
  output: t.Object({
    period_start: DateOnly,
    period_end: DateOnly,
    pay_period: t.Union([t.Literal('weekly'), t.Literal('biweekly'), t.Literal('semimonthly'), t.Literal('monthly')]),
    people: t.Array(
      t.Object(
        {
          user_id: Id,
          name: t.String(),
          email: t.String(),
          status: MissingStatusEnum,
          timesheet_id: Nullable(Id, { description: 'The timesheet in that status; null when missing' }),
          logged_time: t.Boolean({ description: 'Closed time logs in the period not yet on a timesheet (for missing ones); true for the others' }),
        },
        { description: 'One person without a submitted timesheet for the period' },
      ),
      { description: 'By name' },
    ),
    count: Int({ minimum: 0 }),
    people_in_scope: Int({ minimum: 0, description: 'Active people looked at' }),
  }),
  mcp: { exposes: ['Timesheet', 'User'] },
  run(ctx, input) {
    const tz = ctx.tenant.timezone
    const rule = companySettingsOf(ctx)
    const payPeriod = rule.payPeriod
    const today = localDate(ctx.now, tz)
    const current = payPeriodRange(rule, input.date ?? today)
    const range = input.date || input.period === 'current' ? current : payPeriodRange(rule, addDays(current.start, -1))
    const v = managerVisibility(ctx)
    const people = usersMatching(ctx, { userIds: scopeUserIds(v, input.team_id ? usersOfTeam(ctx, v, input.team_id) : null), status: 'active' })
    const owing = new Set(userIdsOwingTimesheet(ctx, range.start, startOfLocalDay(range.start, tz), startOfLocalDay(addDays(range.end, 1), tz)))
    const rows = people
      .map((u) => {
        const sheet = findTimesheetForPeriod(ctx, u.id, range.start)
        if (sheet && (sheet.status === 'submitted' || sheet.status === 'approved')) return null
        if (!sheet && !owing.has(u.id) && !input.include_without_time) return null
        return {
          user_id: u.id,
          name: u.name,
          email: u.email,
          status: sheet ? (sheet.status as 'draft' | 'rejected' | 'auto_generated') : ('missing' as const),
          timesheet_id: sheet?.id ?? null,
          logged_time: sheet ? true : owing.has(u.id),
        }
      })
      .filter((r) => r !== null)
      .sort((a, b) => a.name.localeCompare(b.name))
    return { period_start: range.start, period_end: range.end, pay_period: payPeriod, people: rows, count: rows.length, people_in_scope: people.length }
  },
})
