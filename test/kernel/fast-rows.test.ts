/**
 * kernel/db.ts fastRows (issue 18): a prepared SELECT of plain columns builds its rows with a mapper
 * made once, giving the very objects drizzle builds (same keys, same order, same values, nulls);
 * an SQL expression without mapWith is taken as SQLite returns it, as drizzle takes it; a SELECT
 * with any field drizzle converts (a boolean, a JSON text, an expression given mapWith) keeps
 * drizzle's own mapping.
 */
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { and, count, eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import { integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { fastRows } from '../../src/kernel/db'

const people = sqliteTable('people', {
  id: text('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  name: text('name').notNull(),
  hours: real('hours'),
  startedAt: integer('started_at'),
  active: integer('active', { mode: 'boolean' }),
  meta: text('meta', { mode: 'json' }),
})
const teams = sqliteTable('teams', { id: text('id').primaryKey(), tenantId: integer('tenant_id').notNull(), name: text('name').notNull() })

function fixture() {
  const sqlite = new Database(':memory:')
  sqlite.run(
    `create table people (id text primary key, tenant_id integer not null, name text not null, hours real, started_at integer, active integer, meta text)`,
  )
  sqlite.run(`create table teams (id text primary key, tenant_id integer not null, name text not null)`)
  sqlite.run(
    `insert into people values ('p1', 1, 'Ada', 7.5, 1700000000000, 1, '{"a":1}'), ('p2', 1, 'Bo', null, null, 0, null), ('p3', 2, 'Cy', 1, 5, 1, '[]')`,
  )
  sqlite.run(`insert into teams values ('p1', 1, 'Red'), ('p2', 1, 'Blue')`)
  return drizzle(sqlite)
}

describe('fastRows', () => {
  test('plain columns: the same objects as drizzle, from the fast mapper', () => {
    const db = fixture()
    const p = db
      .select({ id: people.id, tenantId: people.tenantId, name: people.name, hours: people.hours, startedAt: people.startedAt })
      .from(people)
      .where(eq(people.tenantId, sql.placeholder('t')))
      .orderBy(people.name)
      .prepare()
    const fast = fastRows(p)
    expect(fast).not.toBe(p)
    const rows = fast.all({ t: 1 })
    expect(JSON.stringify(rows)).toBe(JSON.stringify(p.all({ t: 1 })))
    expect(rows[1]).toEqual({ id: 'p2', tenantId: 1, name: 'Bo', hours: null, startedAt: null })
    expect(fast.get({ t: 2 })).toEqual(p.get({ t: 2 })!)
    expect(fast.get({ t: 9 })).toBeUndefined()
  })

  test('an inner join nested one level: the same objects as drizzle', () => {
    const db = fixture()
    const p = db
      .select({ person: { id: people.id, name: people.name }, teamName: teams.name })
      .from(people)
      .innerJoin(teams, and(eq(teams.tenantId, people.tenantId), eq(teams.id, people.id)))
      .orderBy(people.id)
      .prepare()
    const fast = fastRows(p)
    expect(fast).not.toBe(p)
    expect(JSON.stringify(fast.all())).toBe(JSON.stringify(p.all()))
    expect(fast.all()[0]).toEqual({ person: { id: 'p1', name: 'Ada' }, teamName: 'Red' })
  })

  test('field names that are not identifiers (the mapper is generated code: each key is quoted)', () => {
    const db = fixture()
    const p = db
      .select({ 'odd "key"': people.name, 'two words': people.id, team: { "it's": people.hours } })
      .from(people)
      .orderBy(people.id)
      .prepare()
    const fast = fastRows(p)
    expect(fast).not.toBe(p)
    expect(JSON.stringify(fast.all())).toBe(JSON.stringify(p.all()))
    expect(fast.all()[0]).toEqual({ 'odd "key"': 'Ada', 'two words': 'p1', team: { "it's": 7.5 } })
  })

  test('an SQL expression without mapWith is handed over as SQLite gives it: the fast mapper, the same objects', () => {
    const db = fixture()
    const p = db
      .select({
        tenantId: people.tenantId,
        total: sql<number>`coalesce(sum(${people.hours}), 0)`,
        longest: sql<string | null>`max(${people.meta})`,
        n: sql<number>`count(*)`,
      })
      .from(people)
      .groupBy(people.tenantId)
      .orderBy(people.tenantId)
      .prepare()
    const fast = fastRows(p)
    expect(fast).not.toBe(p)
    expect(JSON.stringify(fast.all())).toBe(JSON.stringify(p.all()))
    expect(fast.all()).toEqual([
      { tenantId: 1, total: 7.5, longest: '{"a":1}', n: 2 },
      { tenantId: 2, total: 1, longest: '[]', n: 1 },
    ])
  })

  test('a converted column or an SQL expression given mapWith keeps drizzle mapping', () => {
    const db = fixture()
    const withBoolean = db.select().from(people).prepare()
    expect(fastRows(withBoolean)).toBe(withBoolean)
    expect(withBoolean.all()[0]!.active).toBe(true)
    const withJson = db.select({ id: people.id, meta: people.meta }).from(people).prepare()
    expect(fastRows(withJson)).toBe(withJson)
    const counted = db.select({ n: count() }).from(people).prepare()
    expect(fastRows(counted)).toBe(counted)
  })
})
