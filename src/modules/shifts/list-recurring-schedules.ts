import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { RecurringSchedule, toRecurringSchedule } from './schedule-model'
import { listRecurringPage } from './schedule-queries'

export const listRecurringSchedules = defineOperation({
  name: 'list_recurring_schedules',
  title: 'List recurring schedules',
  description: 'Weekly recurring schedules (drafts and published), optionally of one person or one team.',
  access: { role: 'admin' },
  input: t.Object({
    user_id: t.Optional(t.String({ format: 'uuid', description: 'The person (their e-mail on the CLI)' })),
    team_id: t.Optional(t.String({ format: 'uuid', description: 'The team (its name on the CLI)' })),
    status: t.Optional(t.Union([t.Literal('draft'), t.Literal('published')])),
    ...PageQuery,
  }),
  output: Paginated(RecurringSchedule),
  run(ctx, input) {
    const w = pageWindow(input)
    const { rows, total } = listRecurringPage(ctx, {
      ...(input.user_id ? { userId: input.user_id } : {}),
      ...(input.team_id ? { teamId: input.team_id } : {}),
      ...(input.status ? { status: input.status } : {}),
      offset: w.offset,
      limit: w.limit,
    })
    return { data: rows.map(toRecurringSchedule), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
