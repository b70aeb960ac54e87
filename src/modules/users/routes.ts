import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import type { Runtime } from '../../runtime'
import { restAuth, restHook } from '../../surfaces/rest'
import { getUser } from './get-user'
import { getUserStatus } from './get-user-status'
import { listUsers } from './list-users'

const tags = ['users']
const path = ['user_id']

/** /api/v1/users: people, profiles and where they are now (read-only: tokens never manage accounts). */
export const usersRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/users' })
    .use(restAuth(rt))
    .get('/', ({ ctx, query }) => invoke(listUsers, ctx, query), restHook(listUsers, { tags, from: 'query' }))
    .get('/:user_id', ({ ctx, params }) => invoke(getUser, ctx, params), restHook(getUser, { tags, from: 'query', path }))
    .get('/:user_id/status', ({ ctx, params }) => invoke(getUserStatus, ctx, params), restHook(getUserStatus, { tags, from: 'query', path }))
