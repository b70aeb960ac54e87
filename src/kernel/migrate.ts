import { sql } from 'drizzle-orm'
import type { Db } from './db'
import { embeddedMigrations } from '../db/migrations.generated'

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
 */
export function migrate(db: Db): MigrationResult {
  const before = countApplied(db)
  // dialect and session are internal to drizzle's types; this is what its own migrator calls.
  const internals = db as unknown as MigratorInternals
  internals.dialect.migrate(embeddedMigrations, internals.session, { migrationsFolder: '' })
  return { applied: countApplied(db) - before, total: embeddedMigrations.length }
}

function countApplied(db: Db): number {
  // drizzle's raw `get` returns a row as an array of values on bun:sqlite; `all` returns objects.
  const [exists] = db.all<{ n: number }>(sql`select count(*) as n from sqlite_master where type = 'table' and name = '__drizzle_migrations'`)
  if (!exists || exists.n === 0) return 0
  return db.all<{ n: number }>(sql`select count(*) as n from __drizzle_migrations`)[0]?.n ?? 0
}
