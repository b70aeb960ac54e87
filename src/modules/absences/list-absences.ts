import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { Absence, toAbsence } from './model'
import { listAbsencesPage } from './queries'

export const listAbsences = defineOperation({
  name: 'list_absences',
  title: 'List time off',
  description: 'Absences of the tenant, optionally of one person and touching a date range, earliest first.',
  access: { role: 'admin' },
  input: t.Object({
    user_id: t.Optional(t.String({ format: 'uuid', description: 'The person (their e-mail on the CLI)' })),
    from: t.Optional(t.String({ ...DateOnly, description: 'Only absences ending on or after this date' })),
    to: t.Optional(t.String({ ...DateOnly, description: 'Only absences starting on or before this date' })),
    ...PageQuery,
  }),
  output: Paginated(Absence),
  run(ctx, input) {
    const w = pageWindow(input)
    const { rows, total } = listAbsencesPage(ctx, {
      ...(input.user_id ? { userId: input.user_id } : {}),
      ...(input.from ? { from: input.from } : {}),
      ...(input.to ? { to: input.to } : {}),
      offset: w.offset,
      limit: w.limit,
    })
    return { data: rows.map(toAbsence), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
