/**
 * Issue 18 item 3: the statements one write runs. A real server and its CLI make the company, the
 * person and the key; then the product's HTTP app, opened in this process over the same data
 * directory the way `bun run bench` records a request (scripts/bench/bare.ts), runs one MCP
 * clock_in, one clock_out and one client API batch while every bun:sqlite statement run is counted
 * (each statement object wrapped once, on every connection: main, counters, rate limits). The
 * bounds are today's counts (docs/performance-records.md, "Writes: statements per call" and the sections after it): a change that
 * reads the user, the tenant or the person-day marks again fails here. No timings.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { startServer, type TestServer } from '../helpers/server'
import { ingestBody } from '../../scripts/bench/endpoints'

let server: TestServer
let key: string
let userId: string
let recording: string[] | null = null
const wrapped = new WeakSet<object>()
type Proto = Record<'prepare' | 'query', (this: object, sql: string, ...rest: unknown[]) => Record<string, unknown>>
const proto = Database.prototype as unknown as Proto
const { prepare, query } = proto
const wrap = (stmt: Record<string, unknown>, sql: string) => {
  if (wrapped.has(stmt)) return stmt
  wrapped.add(stmt)
  for (const method of ['all', 'get', 'run', 'values'] as const) {
    const original = (stmt[method] as (...a: unknown[]) => unknown).bind(stmt)
    stmt[method] = (...args: unknown[]) => {
      // The durability barrier's counter probe (kernel/durability.ts), two per HTTP request, is not a query of the write.
      // Nor are a transaction's BEGIN / COMMIT (kernel/db.ts prepares them since perf-clock-path;
      // bun:sqlite's own, used before, were never counted here).
      if (sql !== DURABILITY_PROBE && !TRANSACTION_CONTROL.has(sql)) recording?.push(sql.replace(/\s+/g, ' '))
      return original(...args)
    }
  }
  return stmt
}

const DURABILITY_PROBE = 'SELECT total_changes() AS n'
const TRANSACTION_CONTROL = new Set(['BEGIN IMMEDIATE', 'COMMIT', 'ROLLBACK'])
let app: { handle(r: Request): Promise<Response> }
let close = () => {}

beforeAll(async () => {
  server = await startServer()
  const { tenant } = await createTenantFixture(server, { plan: 'professional', timezone: 'Europe/Berlin' })
  const person = await createPersonFixture(server, tenant, { role: 'employee', team: 'Field' })
  key = person.key
  userId = person.id
  proto.prepare = function (sql, ...rest) {
    return wrap(prepare.call(this, sql, ...rest), sql)
  }
  proto.query = function (sql) {
    return wrap(query.call(this, sql), sql)
  }
  const { loadConfig } = await import('../../src/kernel/config')
  const { silentLogger } = await import('../../src/kernel/log')
  const { openRuntime } = await import('../../src/runtime')
  const { createHttpApp } = await import('../../src/surfaces/http')
  // The server holds the directory's counters.db (EXCLUSIVE): this in-process app counts in its own.
  const rt = openRuntime(loadConfig({ dataDir: server.dataDir, logLevel: 'silent' }, process.env), silentLogger, {
    countersFile: `${server.dataDir}/in-process-counters.db`,
  })
  app = createHttpApp(rt)
  close = () => rt.close()
}, 120_000)

afterAll(async () => {
  close()
  proto.prepare = prepare
  proto.query = query
  await server.stop()
}, 120_000)

const MCP = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const tool = (name: string, id: number) =>
  app.handle(
    new Request('http://127.0.0.1/api/mcp/v1', {
      method: 'POST',
      headers: { ...MCP, authorization: `Bearer ${key}` },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } }),
    }),
  )

async function counted(ask: () => Promise<Response>): Promise<{ text: string; sql: string[] }> {
  recording = []
  const text = await (await ask()).text()
  const sql = recording
  recording = null
  return { text, sql }
}

const times = (sql: string[], re: RegExp) => sql.filter((s) => re.test(s)).length

describe('statements per write', () => {
  test('clock_in, clock_out and an ingestion batch stay within their statement counts, with the same results', async () => {
    // Warm: the first call of a process prepares the cached statements and writes the key's last use.
    for (const [name, id] of [
      ['clock_in', 1],
      ['clock_out', 2],
    ] as const)
      expect(await (await tool(name, id)).text()).toContain('"success":true')

    const clockIn = await counted(() => tool('clock_in', 3))
    expect(clockIn.text).toContain('"success":true')
    const clockOut = await counted(() => tool('clock_out', 4))
    expect(clockOut.text).toContain('"success":true')
    const batch = await counted(() =>
      app.handle(
        new Request('http://127.0.0.1/api/v1/client/activity/samples', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: ingestBody(Date.now() - 6 * 86_400_000, 0, 0, 'stmts'),
        }),
      ),
    )
    expect(JSON.parse(batch.text)).toMatchObject({ accepted: 100, rejected: 0, duplicate: false })

    // Main was 15 / 19 / 16 before perf-writes2, 12 / 18 / 15 before perf-ctx, 10 / 16 / 13 before
    // perf-writes-cpu, 10 / 14 / 11 before perf-clock-path (docs/performance-records.md). Since
    // perf-clock-path a remembered key survives the writer's own commits (auth epoch), so
    // authentication is one statement (the epoch) instead of four.
    expect(clockIn.sql.length).toBeLessThanOrEqual(7)
    expect(clockOut.sql.length).toBeLessThanOrEqual(11)
    // The client API's rate-limit counts are batched per event-loop turn (perf-rest-rl): a turn
    // reads each of its counters once and writes each changed one once, so a lone request runs one
    // read and one write per counter (key and tenant, hour and day) and a busy turn shares them.
    const counterStatements = times(batch.sql, /rate_limit_counters/)
    expect(counterStatements).toBeLessThanOrEqual(8)
    expect(batch.sql.length - counterStatements).toBeLessThanOrEqual(8)
    // Clock-out reads breaks once (the log's and the open one) and sums the day's worked time, its
    // breaks included, in one statement; a batch of a company without team rules does not read the
    // person's teams.
    expect(times(clockOut.sql, /from "breaks"|from breaks b/)).toBe(2)
    expect(times(clockOut.sql, /from "time_logs" where .*"clock_out_at" is not null/)).toBe(0)
    expect(times(batch.sql, /team_memberships/)).toBe(0)
    const userRow = /^select "id", "tenant_id", "name", "email", "role", "status"/
    const tenantOfAuth = /^select "tenants"."id", "tenants"."readable_id", "tenants"."slug"/
    const tenantRow = /^select "id", "readable_id", "slug", "name", "plan_id"/
    const keyRow = /from "api_keys" where "api_keys"."lookup" = \?/
    const epoch = /^select epoch from auth_epoch/
    // Authentication serves the key from memory across the writer's own commits: one read of the
    // auth epoch and no key, tenant or user row; the operations use the rows authentication read
    // (TenantCtx.asOfAuth) and read neither again.
    for (const call of [clockIn, clockOut, batch]) {
      expect(times(call.sql, epoch)).toBe(1)
      expect(times(call.sql, keyRow)).toBe(0)
      expect(times(call.sql, userRow)).toBe(0)
      expect(times(call.sql, tenantOfAuth)).toBe(0)
      expect(times(call.sql, tenantRow)).toBe(0)
    }
    // The person-day marks: taken once by clock-out, not read by clock-in (an open log marks nothing).
    expect(times(clockIn.sql, /person_day_changes/)).toBe(0)
    expect(times(clockOut.sql, /person_day_changes/)).toBe(1)

    // A change to the person's row by another connection (as the CLI in another process writes)
    // moves the epoch: the next call reads the key, tenant and user again, once each.
    const other = new Database(join(server.dataDir, 'workforce.db'))
    try {
      other.run('update users set name = name where id = ?', [userId])
    } finally {
      other.close()
    }
    const afterChange = await counted(() => tool('clock_in', 5))
    expect(afterChange.text).toContain('"success":true')
    expect(times(afterChange.sql, keyRow)).toBe(1)
    expect(times(afterChange.sql, userRow)).toBe(1)
    expect(times(afterChange.sql, tenantOfAuth)).toBe(1)
    expect(times(afterChange.sql, tenantRow)).toBe(0)
    expect(await (await tool('clock_out', 6)).text()).toContain('"success":true')

    // And the totals are kept: the closed sessions of today are in person_day_totals.
    const db = new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
    try {
      const row = db.query('select count(*) as n from person_day_totals where user_id = ?').get(userId) as { n: number }
      expect(row.n).toBeGreaterThanOrEqual(1)
      expect((db.query('select count(*) as n from person_day_changes').get() as { n: number }).n).toBe(0)
    } finally {
      db.close()
    }
  }, 120_000)
})
