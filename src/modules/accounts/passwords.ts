import type { TenantScope } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { setPasswordHash } from './queries'
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './sign-in'

/**
 * Sets a person's console password (argon2id): an invitee choosing theirs on the invitation page,
 * right after the invitation was accepted. Resets go through set_password_with_link.
 */
export async function savePassword(c: TenantScope, userId: string, password: string): Promise<void> {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new DomainError('invalid_argument', `password: use ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.`)
  }
  const hash = await hashPassword(password)
  inTransaction(c, (tc) => setPasswordHash(tc, userId, hash))
}
