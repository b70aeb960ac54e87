import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import type { Runtime } from '../../runtime'
import { restAuth, restHook } from '../../surfaces/rest'
import { getTeam } from './get-team'
import { listTeamMembers } from './list-team-members'
import { listTeams } from './list-teams'

const tags = ['teams']

/** /api/v1/teams: teams and team memberships (read-only). */
export const teamsRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/teams' })
    .use(restAuth(rt))
    .get('/', ({ ctx, query }) => invoke(listTeams, ctx, query), restHook(listTeams, { tags, from: 'query' }))
    .get('/:team_id', ({ ctx, params }) => invoke(getTeam, ctx, params), restHook(getTeam, { tags, from: 'query', path: ['team_id'] }))
    .get('/:team_id/members', ({ ctx, query, params }) => invoke(listTeamMembers, ctx, { ...query, ...params }), restHook(listTeamMembers, { tags, from: 'query', path: ['team_id'] }))
