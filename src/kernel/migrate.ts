import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { embeddedMigrations } from '../db/migrations.generated'
import { SERVER_VERSION } from './version'

interface MigratorInternals {
  dialect: { migrate(migrations: typeof embeddedMigrations, session: unknown, config: { migrationsFolder: string }): void }
  session: unknown
}

export interface MigrationResult {
  applied: number
  total: number
}

/**
 * Applies the migrations embedded in the build (no folder on disk needed). drizzle's own
 * dialect migrator records each in __drizzle_migrations, so a second call is a no-op.
 *
 * drizzle only compares the newest applied `created_at` with the embedded ones, so a database
 * migrated by a newer release looks "up to date" to an older binary, which would then run on a
 * schema it does not know. That is refused first (newerDatabaseError). `PRAGMA user_version`
 * records the newest release that migrated the file, so such a refusal can name it.
 */
export function migrate(db: Db, file = 'the database'): MigrationResult {
  const refusal = newerDatabaseError(db, file)
  if (refusal) throw new Error(refusal)
  const before = countApplied(db)
  // dialect and session are internal to drizzle's types; this is what its own migrator calls.
  const internals = db as unknown as MigratorInternals
  internals.dialect.migrate(embeddedMigrations, internals.session, { migrationsFolder: '' })
  if (readUserVersion(db) < encodeVersion(SERVER_VERSION)) db.run(sql.raw(`PRAGMA user_version = ${encodeVersion(SERVER_VERSION)}`))
  return { applied: countApplied(db) - before, total: embeddedMigrations.length }
}

/** 1.6.0 -> 1006000: fits PRAGMA user_version (a 32-bit integer) and orders like the release. */
export function encodeVersion(version: string): number {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map((p) => Number.parseInt(p, 10) || 0)
  return major * 1_000_000 + minor * 1_000 + patch
}

const decodeVersion = (n: number): string => `${Math.floor(n / 1_000_000)}.${Math.floor(n / 1_000) % 1_000}.${n % 1_000}`

function readUserVersion(db: Db): number {
  return db.all<{ user_version: number }>(sql`PRAGMA user_version`)[0]?.user_version ?? 0
}

/** A message when the database carries migrations newer than every embedded one, else null. */
function newerDatabaseError(db: Db, file: string): string | null {
  if (!hasMigrationsTable(db)) return null
  const latest = embeddedMigrations.at(-1)
  if (!latest) return null
  const unknown = db.all<{ hash: string; created_at: number }>(
    sql`select hash, created_at from __drizzle_migrations where created_at > ${latest.folderMillis} order by created_at`,
  )
  if (unknown.length === 0) return null
  const newest = unknown.at(-1)!
  const stamp = (ms: number) => new Date(Number(ms)).toISOString()
  const userVersion = readUserVersion(db)
  const byRelease = userVersion > encodeVersion(SERVER_VERSION) ? `workforce ${decodeVersion(userVersion)}` : 'a newer workforce release'
  return [
    `${file} was migrated by ${byRelease}: it has ${unknown.length} applied migration(s) this binary does not know`,
    `(newest applied ${stamp(newest.created_at)}, hash ${newest.hash.slice(0, 12)}), while workforce ${SERVER_VERSION} embeds ${embeddedMigrations.length}`,
    `migrations up to ${latest.tag} (${stamp(latest.folderMillis)}). Refusing to start on a schema this release does not know:`,
    'run the newer release, or restore a backup taken before the upgrade.',
  ].join(' ')
}

function hasMigrationsTable(db: Db): boolean {
  const [exists] = db.all<{ n: number }>(sql`select count(*) as n from sqlite_master where type = 'table' and name = '__drizzle_migrations'`)
  return !!exists && exists.n > 0
}

function countApplied(db: Db): number {
  // drizzle's raw `get` returns a row as an array of values on bun:sqlite; `all` returns objects.
  if (!hasMigrationsTable(db)) return 0
  return db.all<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`)[0]?.n ?? 0
}
