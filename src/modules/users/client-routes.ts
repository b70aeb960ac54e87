import { Elysia } from 'elysia'
import type { Runtime } from '../../runtime'
import { restAuth } from '../../surfaces/rest'
import { clientHook, handle } from '../../surfaces/client-hook'
import { deactivateUser } from './deactivate-user'
import { reactivateUser } from './reactivate-user'
import { changeRole } from './change-role'
import { acceptInvitation } from './accept-invitation'

/** Client API of accounts: accepting an invitation (no key) and admin actions on users. */
export const usersClientRoutes = (rt: Runtime) =>
  new Elysia({ name: 'client:users', prefix: '/client' })
    .use(restAuth(rt, 'client'))
    .post('/invitations/accept', handle(acceptInvitation), clientHook(acceptInvitation))
    .post('/admin/users/:user_id/deactivate', handle(deactivateUser), clientHook(deactivateUser, { params: ['user_id'] }))
    .post('/admin/users/:user_id/reactivate', handle(reactivateUser), clientHook(reactivateUser, { params: ['user_id'] }))
    .post('/admin/users/:user_id/role', handle(changeRole), clientHook(changeRole, { params: ['user_id'] }))
