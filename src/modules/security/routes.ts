import { Elysia } from 'elysia'
import type { Runtime } from '../../runtime'
import { restAuth } from '../../surfaces/rest'
import { clientHook, handle } from '../../surfaces/client-hook'
import { enrollTwoFactor } from './enroll-two-factor'
import { confirmTwoFactor } from './confirm-two-factor'
import { disableTwoFactor, resetTwoFactor } from './disable-two-factor'

/** Two-factor authentication of the calling user, and the admin reset. Client API (user keys). */
export const securityRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/client' })
    .use(restAuth(rt, 'client'))
    .post('/me/2fa/enroll', handle(enrollTwoFactor), clientHook(enrollTwoFactor))
    .post('/me/2fa/confirm', handle(confirmTwoFactor), clientHook(confirmTwoFactor))
    .post('/me/2fa/disable', handle(disableTwoFactor), clientHook(disableTwoFactor))
    .post('/admin/users/:user_id/2fa/reset', handle(resetTwoFactor), clientHook(resetTwoFactor, { params: ['user_id'] }))
