import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { inTransaction } from '../../kernel/db'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { LinkToken, Password } from './model'
import { usableLink } from './password-links'
import { markAccountTokenUsed, revokeSessions, setPasswordHash } from './queries'
import { hashPassword } from './sign-in'

/**
 * Sets a console password with a one-time link (password reset by e-mail, the first OwnerAdmin's
 * setup link). The token is the credential. Every open console session of the person ends.
 */
export const setPasswordWithLink = defineOperation({
  name: 'set_password_with_link',
  title: 'Set a console password with a one-time link',
  description:
    'Sets the web console password of the person a reset or setup link was issued to, with the token of that link. The link works once; every console session of the person is signed out.',
  access: { role: 'public', write: true },
  input: t.Object({ token: LinkToken, password: Password }),
  output: t.Object({ user_id: Id, tenant: t.String({ description: 'Readable id of the tenant' }), sessions_ended: t.Integer({ minimum: 0 }) }),
  async run(ctx, input) {
    const { row, tenant } = usableLink(ctx.db, input.token, ctx.now)
    const hash = await hashPassword(input.password)
    return inTransaction({ tenant, db: ctx.db, now: ctx.now }, (c) => {
      if (!markAccountTokenUsed(c, row.id)) throw new DomainError('not_found', 'This link was used already. Ask for a new one.')
      setPasswordHash(c, row.userId, hash)
      const ended = revokeSessions(c, row.userId, null)
      return { user_id: row.userId, tenant: tenant.readableId, sessions_ended: ended }
    })
  },
})
