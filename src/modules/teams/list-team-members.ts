import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id, PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { TeamMember, toTeamMember } from './model'
import { getTeamInTenant, listTeamMembersPage } from './queries'

export const listTeamMembers = defineOperation({
  name: 'list_team_members',
  title: 'List team memberships',
  description: 'Members of one team with their role in the team, role in the company and status, by name.',
  access: { role: 'manager' },
  input: t.Object({ team_id: Id, ...PageQuery }),
  output: Paginated(TeamMember),
  run(ctx, input) {
    getTeamInTenant(ctx, input.team_id)
    const w = pageWindow(input)
    const { rows, total } = listTeamMembersPage(ctx, input.team_id, w)
    return { data: rows.map(toTeamMember), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
