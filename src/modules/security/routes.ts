import { defineRoutes, post } from '../../kernel/route'
import { enrollTwoFactor } from './enroll-two-factor'
import { confirmTwoFactor } from './confirm-two-factor'
import { disableTwoFactor, resetTwoFactor } from './disable-two-factor'

/** Two-factor authentication of the calling user, and the admin reset. Client API (user keys). */
export const securityRoutes = defineRoutes({ surface: 'client', prefix: '/client' }, [
  post('/me/2fa/enroll', enrollTwoFactor),
  post('/me/2fa/confirm', confirmTwoFactor),
  post('/me/2fa/disable', disableTwoFactor),
  post('/admin/users/:user_id/2fa/reset', resetTwoFactor),
])
