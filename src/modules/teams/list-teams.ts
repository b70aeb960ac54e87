import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { Team, toTeam } from './model'
import { listTeamsPage } from './queries'

export const listTeams = defineOperation({
  name: 'list_teams',
  title: 'List teams',
  description: 'Teams of the tenant by name, with their manager, cost center and member count.',
  access: { role: 'manager' },
  input: t.Object({
    name: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'Only teams whose name contains this text' })),
    ...PageQuery,
  }),
  output: Paginated(Team),
  run(ctx, input) {
    const w = pageWindow(input)
    const { rows, total } = listTeamsPage(ctx, { ...(input.name ? { name: input.name } : {}), offset: w.offset, limit: w.limit })
    return { data: rows.map(toTeam), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
