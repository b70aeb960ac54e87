import { getTableColumns, sql } from 'drizzle-orm'
import { changesCounter, prepared, sqliteOf, transaction, type DbLike } from '../../kernel/db'
import { apiKeys } from './schema'

/**
 * auth_epoch: one row whose number moves, in the same transaction, with every change to a row key
 * authentication reads or hands on (TenantCtx.asOfAuth carries the full tenant and user rows): any
 * insert, update or delete of tenants, users and plans, and of api_keys except an update that
 * changes nothing but `last_used_at` (touchKey's once-a-minute bookkeeping). SQLite triggers keep
 * it, so every writer (this process, the CLI in another process, a job, raw SQL) moves it without
 * calling anything. createKeyAuthenticator serves a remembered key only while the number has not
 * moved: a revocation, deactivation, role, plan or tenant change is seen by the very next request,
 * while the writes of clock-in/out or ingestion (which touch none of those rows) leave it alone.
 * Created at start (ensureAuthEpoch); SQL because generated migrations hold no triggers.
 */
const TABLE = 'create table if not exists auth_epoch (id integer primary key check (id = 1), epoch integer not null)'
const BUMP = 'update auth_epoch set epoch = epoch + 1 where id = 1;'

/** api_keys columns whose change moves the epoch: all but last_used_at, from the schema (a new column counts). */
const keyColumnsWatched = (): string[] =>
  Object.values(getTableColumns(apiKeys))
    .map((c) => c.name)
    .filter((n) => n !== 'last_used_at')

function triggers(): [string, string][] {
  const changed = keyColumnsWatched()
    .map((n) => `old.${n} is not new.${n}`)
    .join(' or ')
  const out: [string, string][] = []
  for (const table of ['tenants', 'users', 'plans']) {
    out.push([`auth_epoch_${table}_insert`, `after insert on ${table} begin ${BUMP} end`])
    out.push([`auth_epoch_${table}_update`, `after update on ${table} begin ${BUMP} end`])
    out.push([`auth_epoch_${table}_delete`, `after delete on ${table} begin ${BUMP} end`])
  }
  out.push(['auth_epoch_api_keys_insert', `after insert on api_keys begin ${BUMP} end`])
  out.push(['auth_epoch_api_keys_update', `after update on api_keys when ${changed} begin ${BUMP} end`])
  out.push(['auth_epoch_api_keys_delete', `after delete on api_keys begin ${BUMP} end`])
  return out
}

/**
 * Creates the table, its row and its triggers when any is missing or differs (a new database, one from
 * before them, a migration that rebuilt a watched table, or a new api_keys column), and moves the
 * epoch in the same transaction.
 */
export function ensureAuthEpoch(db: DbLike): void {
  const wanted = triggers()
  const sqlite = sqliteOf(db)
  const present = new Map(
    sqlite
      .query<{ name: string; sql: string }, []>("select name, sql from sqlite_master where type = 'trigger' and name like 'auth_epoch_%'")
      .all()
      .map((r) => [r.name, r.sql]),
  )
  const hasTable = sqlite.query("select 1 from sqlite_master where type = 'table' and name = 'auth_epoch'").get() !== null
  const hasRow = hasTable && sqlite.query('select 1 from auth_epoch where id = 1').get() !== null
  if (hasRow && present.size === wanted.length && wanted.every(([name, body]) => present.get(name) === `CREATE TRIGGER ${name} ${body}`)) return
  transaction(db, (tx) => {
    tx.run(sql.raw(TABLE))
    tx.run(sql.raw('insert into auth_epoch (id, epoch) values (1, 0) on conflict (id) do nothing'))
    for (const name of present.keys()) tx.run(sql.raw(`drop trigger if exists ${name}`))
    for (const [name, body] of wanted) tx.run(sql.raw(`create trigger ${name} ${body}`))
    tx.run(sql.raw(BUMP))
  })
}

/** The epoch now (one prepared statement on the connection; read outside a transaction, it is the last commit's). NaN (equal to nothing, so nothing is served from memory) if the row is gone. */
export const authEpoch = (db: DbLike): number =>
  prepared(db, 'authEpoch.get', (d) => sqliteOf(d).query<{ epoch: number }, []>('select epoch from auth_epoch where id = 1')).get()?.epoch ?? Number.NaN

/**
 * The epoch as key authentication reads it: once per event-loop turn instead of once per request.
 * Reading it outside a transaction takes and drops the database's read lock (~4 µs, two fcntl
 * calls); the requests Bun reads from their sockets in one turn are authenticated one after the
 * other before any of them goes on (each then awaits its rate-limit turn), so the first reads it and
 * the others of that turn reuse it. It is read again, within the turn, as soon as this connection
 * has committed a change (its `total_changes()` moved, ~0.1 µs to ask): a revocation made here is
 * seen by the very next request. A change another process commits (the CLI) is seen from the next
 * turn on: by every request that arrives after it, except one read from its socket in the same
 * turn as an earlier one (at most the turn's first steps, well under a millisecond), which raced it.
 */
export function createTurnEpoch(db: DbLike): () => number {
  const changes = changesCounter(sqliteOf(db))
  let epoch = Number.NaN
  let changesAtRead = -1
  let readThisTurn = false
  return () => {
    const n = changes()
    if (readThisTurn && n === changesAtRead) return epoch
    epoch = authEpoch(db)
    changesAtRead = n
    if (!readThisTurn) {
      readThisTurn = true
      setImmediate(() => {
        readThisTurn = false
      })
    }
    return epoch
  }
}
