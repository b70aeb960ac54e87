import { sql } from 'drizzle-orm'
import { transaction, type DbLike, type Tx } from './db'

/**
 * Our SQLite triggers (generated migrations hold none): created at start when any is missing (a new
 * database, or one from before them) or a former one that did the same work is still there, and
 * `repair` run in the same transaction, so rows written while they were missing are made right
 * before any write can fire them. Names and bodies are our code's, never input.
 */
export function ensureTriggers(
  db: DbLike,
  spec: { triggers: readonly (readonly [name: string, body: string])[]; former?: readonly string[]; repair: (tx: Tx) => void },
): void {
  const former = spec.former ?? []
  const present = new Set(db.all<{ name: string }>(sql`select name from sqlite_master where type = 'trigger'`).map((r) => r.name))
  if (spec.triggers.every(([name]) => present.has(name)) && former.every((name) => !present.has(name))) return
  transaction(db, (tx) => {
    for (const name of former) tx.run(sql.raw(`drop trigger if exists ${name}`))
    for (const [name, body] of spec.triggers) {
      tx.run(sql.raw(`drop trigger if exists ${name}`))
      tx.run(sql.raw(`create trigger ${name} ${body}`))
    }
    spec.repair(tx)
  })
}
