import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { filteredUserIds, PeopleFilter } from '../teams/people-filter'
import { Shift, toShift } from './model'
import { listShiftsPage } from './shift-list-read-model'

export const listUpcomingShifts = defineOperation({
  name: 'list_upcoming_shifts',
  title: 'List upcoming shifts',
  description:
    'Published, scheduled (not cancelled) shifts that have not ended yet, from now on in start order; a shift in progress is included. Optionally for one person or one team.',
  access: { role: 'manager' },
  input: t.Object({ ...PeopleFilter, ...PageQuery }),
  output: Paginated(Shift),
  run(ctx, input) {
    const userIds = filteredUserIds(ctx, input)
    const w = pageWindow(input)
    const { rows, total } = listShiftsPage(ctx, {
      ...(userIds ? { userIds } : {}),
      endingAfter: ctx.now,
      status: 'scheduled',
      offset: w.offset,
      limit: w.limit,
    })
    return { data: rows.map(toShift), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
