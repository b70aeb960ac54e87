import { Elysia, t } from 'elysia'
import { invoke } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import type { Runtime } from '../../runtime'
import { restAuth, restDocs, restHook } from '../../surfaces/rest'
import { enrollTwoFactor } from './enroll-two-factor'
import { confirmTwoFactor } from './confirm-two-factor'
import { disableTwoFactor, resetTwoFactor } from './disable-two-factor'

const tags = ['client']

/** Two-factor authentication of the calling user, and the admin reset. Client API (user keys). */
export const securityRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/client' })
    .use(restAuth(rt, 'client'))
    .post('/me/2fa/enroll', ({ ctx }) => invoke(enrollTwoFactor, ctx, {}), restHook(enrollTwoFactor, { tags }))
    .post('/me/2fa/confirm', ({ ctx, body }) => invoke(confirmTwoFactor, ctx, body), restHook(confirmTwoFactor, { tags }))
    .post('/me/2fa/disable', ({ ctx, body }) => invoke(disableTwoFactor, ctx, body), restHook(disableTwoFactor, { tags }))
    .post(
      '/admin/users/:id/2fa/reset',
      ({ ctx, params }) => invoke(resetTwoFactor, ctx, { user_id: params.id }),
      { ...restDocs(resetTwoFactor, { tags }), params: t.Object({ id: Id }) },
    )
