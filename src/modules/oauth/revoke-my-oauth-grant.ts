import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { inTransaction } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { GrantId } from './list-my-oauth-grants'
import { findGrant, revokeGrant } from './queries'

export const revokeMyOAuthGrant = defineOperation({
  name: 'revoke_my_oauth_grant',
  title: 'Disconnect one of my applications',
  description: 'Revokes an OAuth grant of the caller: every access and refresh token of it stops working at once (the very next call is refused).',
  access: { role: 'member', write: true, userScopedKey: true },
  input: t.Object({ grant_id: GrantId }),
  output: t.Object({ revoked: t.Boolean() }),
  run(ctx, input) {
    const me = callerUserId(ctx)
    return inTransaction(ctx, (c) => {
      const grant = findGrant(c, input.grant_id)
      if (!grant || grant.userId !== me || grant.revokedAt !== null) throw notFound('Connected application')
      revokeGrant(c, grant.id, 'user')
      return { revoked: true }
    })
  },
})
