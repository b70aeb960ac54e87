import type { TenantCtx } from '../../kernel/ctx'
import { inTransaction, type DbLike } from '../../kernel/db'
import { toIso } from '../../kernel/time'
import { findTenantCtx } from '../tenants/queries'
import { activeUsersByEmailInAnyTenant, type UserRow } from '../users/queries'
import { emit } from '../webhooks/outbox-queries'
import { passwordHashesOf } from './queries'
import { ACCOUNT_LIMIT, type LoginThrottle } from './throttle'

export type SignInResult =
  | { kind: 'ok'; user: UserRow; tenant: TenantCtx }
  | { kind: 'wrong'; failures: number }
  | { kind: 'throttled'; retryAfterSeconds: number }

/** A hash to verify against when the e-mail is unknown, so both answers take about as long. */
let decoy: Promise<string> | null = null
const decoyHash = () => (decoy ??= Bun.password.hash('decoy password that matches nothing', { algorithm: 'argon2id' }))

/**
 * Checks an e-mail and password: throttling first (a throttled account or address is not even
 * checked), then argon2id against the password of each active person with that e-mail (in any
 * tenant; `tenantRef` narrows to one company when the form names it). The ACCOUNT_LIMIT-th
 * failure in a row emits security.login_failed in the tenant of each person the e-mail names.
 */
export async function checkPassword(
  db: DbLike,
  throttle: LoginThrottle,
  input: { email: string; password: string; ip: string | null; tenantId?: number | null },
  now: number,
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase()
  const wait = throttle.retryAfter(email, input.ip, now)
  if (wait > 0) return { kind: 'throttled', retryAfterSeconds: wait }
  const people = activeUsersByEmailInAnyTenant(db, email).filter((u) => input.tenantId == null || u.tenantId === input.tenantId)
  const hashes = passwordHashesOf(
    db,
    people.map((u) => u.id),
  )
  for (const h of hashes) {
    if (await Bun.password.verify(input.password, h.passwordHash)) {
      const user = people.find((u) => u.id === h.userId)!
      const tenant = findTenantCtx(db, user.tenantId)
      if (!tenant) continue
      throttle.succeed(email)
      return { kind: 'ok', user, tenant }
    }
  }
  if (hashes.length === 0) await Bun.password.verify(input.password, await decoyHash())
  const failures = throttle.fail(email, input.ip, now)
  if (failures === ACCOUNT_LIMIT) {
    for (const user of people) {
      const tenant = findTenantCtx(db, user.tenantId)
      if (!tenant) continue
      inTransaction({ tenant, db, now }, (c) => {
        emit(c, 'security.login_failed', {
          keyId: null,
          keyPrefix: null,
          keyName: null,
          userId: user.id,
          email,
          ipAddress: input.ip,
          failedAttempts: failures,
          reason: 'wrong_password',
          lastAttemptAt: toIso(now),
        })
      })
    }
  }
  return { kind: 'wrong', failures }
}

/** The minimum length of a console password (NIST SP 800-63B: at least 8, no composition rules). */
export const MIN_PASSWORD_LENGTH = 10
export const MAX_PASSWORD_LENGTH = 200

export const hashPassword = (password: string): Promise<string> => Bun.password.hash(password, { algorithm: 'argon2id' })
