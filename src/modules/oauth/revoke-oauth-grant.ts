import { t } from 'elysia'
import { inTransaction } from '../../kernel/db'
import { notFound } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { GrantId } from './list-my-oauth-grants'
import { findGrant, revokeGrant } from './queries'

export const revokeOAuthGrant = defineOperation({
  name: 'revoke_oauth_grant',
  title: 'Disconnect an application of the company',
  description:
    "Revokes any OAuth grant of the company (an admin disconnecting a person's application): every access and refresh token of it stops working at once. Admin or above.",
  access: { role: 'admin', write: true },
  input: t.Object({ grant_id: GrantId }),
  output: t.Object({ revoked: t.Boolean() }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const grant = findGrant(c, input.grant_id)
      if (!grant || grant.revokedAt !== null) throw notFound('Connected application')
      revokeGrant(c, grant.id, 'admin')
      return { revoked: true }
    })
  },
})
