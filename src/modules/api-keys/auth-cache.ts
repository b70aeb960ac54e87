import type { KeyKind } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { invalidToken, verifyKey, type Authenticated } from './authenticate'
import { hashMatches, parseKey } from './key-format'
import { touchKey, type ApiKeyRow } from './queries'

/** Keys remembered at most; the oldest entries make room (a re-authentication is all it costs). */
const MAX_ENTRIES = 10_000

interface Entry {
  /** The database change stamp the entry was verified at. */
  stamp: number
  row: ApiKeyRow
  auth: Authenticated
}

/**
 * Key authentication with a memory of keys already verified. A remembered key is served from
 * memory only while the database has not changed since it was verified (`changeStamp`, bumped by
 * any commit outside the counters connection: a revocation, a deactivation or a plan change by the
 * CLI, the client API or a job), and only to a presenter of the very same secret (its SHA-256 is
 * compared in constant time). Expiry is checked against the clock every time. Anything else goes
 * through authenticateKey, which reads the key, tenant and user rows again.
 */
export function createKeyAuthenticator(db: DbLike, changeStamp: () => number) {
  const entries = new Map<string, Entry>()
  return (presented: string, now: number, accepted: readonly KeyKind[]): Authenticated => {
    const parsed = parseKey(presented)
    const stamp = changeStamp()
    const known = parsed ? entries.get(parsed.lookup) : undefined
    if (known && known.stamp === stamp && accepted.includes(known.row.kind) && hashMatches(presented, known.row.hash)) {
      const { revokedAt, expiresAt } = known.row
      if (revokedAt !== null && revokedAt <= now) throw invalidToken('The key was revoked.')
      if (expiresAt !== null && expiresAt <= now) throw invalidToken('The key has expired.')
      // At most one write a minute per key; it changes the stamp, so the next request re-reads.
      touchKey({ tenant: known.auth.tenant, db, now }, known.row)
      return known.auth
    }
    if (parsed) entries.delete(parsed.lookup)
    const { auth, row } = verifyKey(db, presented, now, accepted)
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
    entries.set(row.lookup, { stamp, row, auth })
    return auth
  }
}
