import { t } from 'elysia'
import type { TenantScope } from '../../kernel/ctx'
import { Id } from '../../kernel/schemas'
import { getUserInTenant } from '../users/queries'
import { teamMemberIds } from './membership'
import { requireTeamInTenant } from './queries'

/** Optional narrowing of a report or list to one person or one team (payroll, shifts). */
export const PeopleFilter = {
  user_id: t.Optional(t.String({ ...Id, description: 'Only this person' })),
  team_id: t.Optional(t.String({ ...Id, description: 'Only members of this team' })),
}

/** The user ids a filter allows, or undefined for everyone; unknown ids answer not_found. */
export function filteredUserIds(c: TenantScope, input: { user_id?: string; team_id?: string }): string[] | undefined {
  let ids: string[] | undefined
  if (input.team_id) {
    requireTeamInTenant(c, input.team_id)
    ids = teamMemberIds(c, [input.team_id])
  }
  if (input.user_id) {
    getUserInTenant(c, input.user_id)
    ids = ids ? ids.filter((id) => id === input.user_id) : [input.user_id]
  }
  return ids
}
