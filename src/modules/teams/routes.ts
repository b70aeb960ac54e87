import { defineRoutes, get } from '../../kernel/route'
import { getTeam } from './get-team'
import { listTeamMembers } from './list-team-members'
import { listTeams } from './list-teams'

/** /api/v1/teams: teams and team memberships (read-only). */
export const teamsRoutes = defineRoutes({ surface: 'rest', prefix: '/teams', tags: ['teams'] }, [
  get('/', listTeams),
  get('/:team_id', getTeam),
  get('/:team_id/members', listTeamMembers),
])
