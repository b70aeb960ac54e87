import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { inTransaction } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { revokeSessions } from './queries'

export const revokeMySession = defineOperation({
  name: 'revoke_my_session',
  title: 'Sign out one of my console sessions',
  description: 'Ends one web console session of the caller (another browser, a lost phone): its next request goes to the sign-in page.',
  access: { role: 'member', write: true, userScopedKey: true },
  input: t.Object({ session_id: Id }),
  output: t.Object({ revoked: t.Integer({ minimum: 1 }) }),
  run(ctx, input) {
    const me = callerUserId(ctx)
    return inTransaction(ctx, (c) => {
      const revoked = revokeSessions(c, me, input.session_id)
      if (revoked === 0) throw notFound('Session')
      return { revoked }
    })
  },
})

export const revokeAllMySessions = defineOperation({
  name: 'revoke_all_my_sessions',
  title: 'Sign out everywhere',
  description: 'Ends every web console session of the caller, this one included.',
  access: { role: 'member', write: true, userScopedKey: true },
  input: t.Object({}),
  output: t.Object({ revoked: t.Integer({ minimum: 0 }) }),
  run(ctx) {
    const me = callerUserId(ctx)
    return inTransaction(ctx, (c) => ({ revoked: revokeSessions(c, me, null) }))
  },
})
