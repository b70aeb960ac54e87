import { defineRoutes, get, patch, post } from '../../kernel/route'
import { deactivateUser } from './deactivate-user'
import { reactivateUser } from './reactivate-user'
import { changeRole } from './change-role'
import { acceptInvitation } from './accept-invitation'
import { updateUser } from './update-user'
import { listInvitations, resendInvitation, revokeInvitation } from './invitations-admin'

/**
 * Client API of accounts: accepting an invitation (a public operation: no key, documented with
 * `security: []`) and admin actions on users.
 */
export const usersClientRoutes = defineRoutes({ surface: 'client', prefix: '/client' }, [
  post('/invitations/accept', acceptInvitation),
  post('/admin/users/:user_id/deactivate', deactivateUser),
  post('/admin/users/:user_id/reactivate', reactivateUser),
  post('/admin/users/:user_id/role', changeRole),
  patch('/admin/users/:user_id', updateUser),
  get('/admin/invitations', listInvitations),
  post('/admin/invitations/:invitation_id/resend', resendInvitation),
  post('/admin/invitations/:invitation_id/revoke', revokeInvitation),
])
