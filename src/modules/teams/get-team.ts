import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { Team, toTeam } from './model'
import { getTeamInTenant } from './queries'

export const getTeam = defineOperation({
  name: 'get_team',
  title: 'Get a team',
  description: 'One team of the tenant. Another tenant’s team id answers not_found.',
  access: { role: 'manager' },
  input: t.Object({ team_id: Id }),
  output: Team,
  run(ctx, input) {
    return toTeam(getTeamInTenant(ctx, input.team_id))
  },
})
