/**
 * Issue 18 item 2: queries are compiled once per connection. drizzle's queries reuse the compiled
 * statement of the same SQL text (kernel/db.ts), and `prepared` statements built inside one
 * transaction serve the next ones and the database outside them, with the same transactional
 * behaviour as a freshly built query (a rollback undoes their writes).
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { openDatabase, prepared, STATEMENT_CACHE_SIZE, transaction } from '../../src/kernel/db'
import { migrate } from '../../src/kernel/migrate'
import { plans } from '../../src/db/schema'
import { upsertPlanCatalog } from '../../src/modules/tenants/queries'

const dir = mkdtempSync(join(tmpdir(), 'wf-stmts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// Count what SQLite compiles: the spy must be in place before the connection is opened.
const compiled: string[] = []
const proto = Database.prototype as unknown as { prepare: (this: Database, sql: string, ...rest: unknown[]) => unknown }
const original = proto.prepare
proto.prepare = function (sqlText, ...rest) {
  compiled.push(sqlText)
  return original.call(this, sqlText, ...rest)
}
const handle = openDatabase(join(dir, 'workforce.db'))
proto.prepare = original
afterAll(() => handle.close())
migrate(handle.db)
upsertPlanCatalog(handle.db)
const { db } = handle

const planById = (id: string) => db.select({ id: plans.id }).from(plans).where(sql`${plans.id} = ${id}`).get()

describe('compiled statements', () => {
  test('a query built again with other values compiles once', () => {
    expect(planById('business')).toEqual({ id: 'business' })
    const before = compiled.length
    for (const id of ['business', 'starter', 'nope', 'business']) planById(id)
    expect(planById('business')).toEqual({ id: 'business' })
    expect(planById('nope')).toBeUndefined()
    expect(compiled.length).toBe(before)
  })

  test('a statement cached outside a transaction writes inside it, and a rollback undoes the write', () => {
    const rename = (name: string) => db.update(plans).set({ name }).where(eq(plans.id, 'business')).run()
    const nameOf = () => db.select({ name: plans.name }).from(plans).where(eq(plans.id, 'business')).get()!.name
    const original = nameOf()
    rename(original)
    expect(() =>
      transaction(db, () => {
        rename('Renamed in a rolled-back transaction')
        expect(nameOf()).toBe('Renamed in a rolled-back transaction')
        throw new Error('roll back')
      }),
    ).toThrow('roll back')
    expect(nameOf()).toBe(original)
  })

  test('more distinct queries than the cache holds still answer right', () => {
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 50; i++) {
      const row = db
        .select({ n: sql<number>`${sql.raw(String(i))}` })
        .from(plans)
        .where(eq(plans.id, 'business'))
        .get()
      expect(row).toEqual({ n: i })
    }
    expect(planById('business')).toEqual({ id: 'business' })
  })
})

describe('prepared', () => {
  const build = (d: Parameters<Parameters<typeof prepared>[2]>[0]) =>
    d
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.id, sql.placeholder('id'))))
      .prepare()

  test('is built once per connection: in a transaction, in the next one and outside', () => {
    let builds = 0
    const counted = (d: Parameters<typeof build>[0]) => {
      builds++
      return build(d)
    }
    const first = transaction(db, (tx) => prepared(tx, 'test.planById', counted))
    const second = transaction(db, (tx) => prepared(tx, 'test.planById', counted))
    const outside = prepared(db, 'test.planById', counted)
    expect(builds).toBe(1)
    expect(second).toBe(first)
    expect(outside).toBe(first)
    expect(outside.get({ id: 'business' })).toEqual({ id: 'business' })
  })

  test('runs inside the transaction it is called in: a rolled-back write is not seen after', () => {
    const setName = prepared(db, 'test.renamePlan', (d) =>
      d
        .update(plans)
        .set({ name: sql`${sql.placeholder('name')}` })
        .where(eq(plans.id, 'starter'))
        .prepare(),
    )
    const nameOf = () => db.select({ name: plans.name }).from(plans).where(eq(plans.id, 'starter')).get()!.name
    const before = nameOf()
    expect(() =>
      transaction(db, (tx) => {
        prepared<typeof setName>(tx, 'test.renamePlan', () => {
          throw new Error('not built again')
        }).run({ name: 'Inside' })
        expect(nameOf()).toBe('Inside')
        throw new Error('roll back')
      }),
    ).toThrow('roll back')
    expect(nameOf()).toBe(before)
    setName.run({ name: before })
  })
})
