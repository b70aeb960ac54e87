import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { DateOnly, PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { addDays, daysBetween, localDate } from '../../kernel/time'
import { filteredUserIds, PeopleFilter } from '../teams/people-filter'
import { Shift, toShift } from './model'
import { listShiftsPage } from './shift-list-read-model'

/** The longest date range one schedule request covers. */
const MAX_RANGE_DAYS = 93

export const listSchedules = defineOperation({
  name: 'list_schedules',
  title: 'List scheduled shifts (user schedules)',
  description: `Published scheduled shifts (from published recurring schedules and one-off changes) over a date range (default: today and the next 6 days, tenant time zone; at most ${MAX_RANGE_DAYS} days), for one person, one team or everyone, in start order. Cancelled shifts are included unless status says otherwise.`,
  access: { role: 'manager' },
  input: t.Object({
    ...PeopleFilter,
    from: t.Optional(t.String({ ...DateOnly, description: 'First date (YYYY-MM-DD); today when omitted' })),
    to: t.Optional(t.String({ ...DateOnly, description: 'Last date, included; from + 6 days when omitted' })),
    status: t.Optional(t.Union([t.Literal('scheduled'), t.Literal('cancelled')])),
    ...PageQuery,
  }),
  output: Paginated(Shift),
  run(ctx, input) {
    const from = input.from ?? localDate(ctx.now, ctx.tenant.timezone)
    const to = input.to ?? addDays(from, 6)
    if (to < from) throw new DomainError('invalid_argument', 'to must not be before from.', { field: 'to' })
    if (daysBetween(from, to) + 1 > MAX_RANGE_DAYS)
      throw new DomainError('invalid_argument', `A schedule request covers at most ${MAX_RANGE_DAYS} days.`, { field: 'to' })
    const userIds = filteredUserIds(ctx, input)
    const w = pageWindow(input)
    const { rows, total } = listShiftsPage(ctx, {
      ...(userIds ? { userIds } : {}),
      fromDate: from,
      toDate: to,
      ...(input.status ? { status: input.status } : {}),
      offset: w.offset,
      limit: w.limit,
    })
    return { data: rows.map(toShift), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
