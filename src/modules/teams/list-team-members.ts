import { t } from 'elysia'
import type { TenantScope } from '../../kernel/ctx'
import { defineOperation } from '../../kernel/operation'
import { Id, PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { listUsersPage } from '../users/queries'
import { TeamMember, toTeamMember, type TeamMemberRow } from './model'
import { requireTeamInTenant, membershipsOfTeam } from './queries'

export const listTeamMembers = defineOperation({
  name: 'list_team_members',
  title: 'List team memberships',
  description: 'Members of one team with their role in the team, role in the company and status, by name.',
  access: { role: 'manager' },
  input: t.Object({ team_id: Id, ...PageQuery }),
  output: Paginated(TeamMember),
  run(ctx, input) {
    requireTeamInTenant(ctx, input.team_id)
    const w = pageWindow(input)
    const { rows, total } = teamMembersPage(ctx, input.team_id, w)
    return { data: rows.map(toTeamMember), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})

/** One page of a team's membership rows with each member's profile, by name (every status). */
function teamMembersPage(c: TenantScope, teamId: string, page: { offset: number; limit: number }): { rows: TeamMemberRow[]; total: number } {
  const memberships = new Map(membershipsOfTeam(c, teamId).map((m) => [m.userId, m]))
  const { rows, total } = listUsersPage(c, { userIds: [...memberships.keys()], includeDeactivated: true }, page.limit, page.offset)
  return { rows: rows.map((user) => ({ user, membership: memberships.get(user.id)! })), total }
}
