import { sql } from 'drizzle-orm'
import type { DbLike } from '../../kernel/db'
import { oauthClients, oauthGrants, oauthTokens } from './schema'

/** Codes, access and refresh tokens of every tenant that expired before `cutoff` (used or not: an expired one is refused anyway). */
export const purgeExpiredOAuthTokensBefore = (db: DbLike, cutoff: number): number =>
  db.all(sql`delete from ${oauthTokens} where expires_at < ${cutoff} returning 1`).length

/** Registered clients no person ever allowed (no grant in any tenant), registered before `cutoff`: abandoned or abusive registrations. */
export const purgeUnusedOAuthClientsBefore = (db: DbLike, cutoff: number): number =>
  db.all(
    sql`delete from ${oauthClients} where created_at < ${cutoff} and not exists (select 1 from ${oauthGrants} g where g.client_id = ${oauthClients.id}) returning 1`,
  ).length
