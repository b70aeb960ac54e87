/**
 * Data repair (issue 15): before the fix of 2026-11-23 the console saved the weekdays of weekly
 * schedules and shift templates as text (["1","3"]); the shifts code compares them with numbers,
 * so such a published schedule made no shift. Start-up (openRuntime) rewrites them as numbers and
 * makes the shifts again.
 *
 * Stand-in, named: the old rows are written through SQL into the server's database file while the
 * server is stopped (the console no longer writes them). Everything checked afterwards is read
 * through the real CLI of a restarted real server.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { createUserFixture } from '../helpers/fixtures'
import { startServer, type TestServer } from '../helpers/server'
import { restTenant } from '../rest/helpers/api'

setDefaultTimeout(120_000)

let server: TestServer
let acme: Awaited<ReturnType<typeof restTenant>>

const cli = async <T = any>(args: string[]): Promise<T> => {
  const r = await server.cli([...args, '--tenant', acme.tenant, '--json'])
  expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: expect.any(String) })
  return JSON.parse(r.stdout) as T
}

/** SQL on the server's database file (the stand-in for rows the old console wrote). */
function raw(sqlText: string, ...params: string[]): unknown[] {
  const db = new Database(join(server.dataDir, 'workforce.db'))
  try {
    return db.query(sqlText).all(...params)
  } finally {
    db.close()
  }
}

beforeAll(async () => {
  server = await startServer({ keepData: true })
  acme = await restTenant(server, { plan: 'business' })
}, 120_000)

afterAll(async () => {
  await server?.stop()
  if (server) rmSync(server.dataDir, { recursive: true, force: true })
}, 120_000)

describe('weekdays saved as text are repaired at start-up', () => {
  test('a published schedule with ["1","3"] makes no shift; after a restart it is [1,3] and its Mondays and Wednesdays are scheduled; a second start changes nothing', async () => {
    const person = await createUserFixture(server, acme.tenant, { name: 'Tex Text' })
    const tpl = await cli<{ id: string }>([
      'schedules',
      'template-add',
      '--name',
      'Early',
      '--start-time',
      '10:00',
      '--end-time',
      '14:00',
      '--break-minutes',
      '0',
    ])
    const now = new Date()
    const monday = new Date(now.getTime() + ((8 - now.getUTCDay()) % 7 || 7) * 86_400_000).toISOString().slice(0, 10)
    const sunday2 = new Date(Date.parse(monday) + 13 * 86_400_000).toISOString().slice(0, 10)
    const sched = await cli<{ id: string }>([
      'schedules',
      'create',
      '--template-id',
      'Early',
      '--user-id',
      person.email,
      '--from',
      monday,
      '--days-of-week',
      '[1,3]',
      '--publish',
    ])
    const weekdays = async () =>
      (await cli<{ data: { starts_at: string }[] }>(['schedules', 'shifts', '--user-id', person.id, '--from', monday, '--to', sunday2])).data.map((x) =>
        new Date(x.starts_at).getUTCDay(),
      )
    // 10:00 local is the same date in UTC for the tenant's zone.
    expect(await weekdays()).toEqual([1, 3, 1, 3])

    // What the old console form left behind: text weekdays and, materialized from them, no shift.
    await server.stop()
    raw(`update recurring_schedules set days_of_week = '["1","3"]' where id = ?`, sched.id)
    raw(`update shift_templates set days_of_week = '["1","2","3","4","5"]' where id = ?`, tpl.id)
    raw(`delete from shift_schedules where recurring_schedule_id = ?`, sched.id)
    expect(raw(`select days_of_week from recurring_schedules where id = ?`, sched.id)).toEqual([{ days_of_week: '["1","3"]' }])
    expect(raw(`select count(*) as n from shift_schedules where recurring_schedule_id = ?`, sched.id)).toEqual([{ n: 0 }])

    server = await startServer({ dataDir: server.dataDir, keepData: true })
    expect(raw(`select days_of_week from recurring_schedules where id = ?`, sched.id)).toEqual([{ days_of_week: '[1,3]' }])
    expect(raw(`select days_of_week from shift_templates where id = ?`, tpl.id)).toEqual([{ days_of_week: '[1,2,3,4,5]' }])
    expect(await weekdays()).toEqual([1, 3, 1, 3])
    const listed = await cli<{ data: { id: string; days_of_week: number[] }[] }>(['schedules', 'list'])
    expect(listed.data.find((s) => s.id === sched.id)?.days_of_week).toEqual([1, 3])

    // Idempotent: another start finds nothing to repair and the shifts stay as they are.
    const before = raw(`select id, starts_at, ends_at from shift_schedules where recurring_schedule_id = ? order by starts_at`, sched.id)
    await server.stop()
    server = await startServer({ dataDir: server.dataDir, keepData: true })
    expect(raw(`select id, starts_at, ends_at from shift_schedules where recurring_schedule_id = ? order by starts_at`, sched.id)).toEqual(before)
    expect(raw(`select days_of_week from recurring_schedules where id = ?`, sched.id)).toEqual([{ days_of_week: '[1,3]' }])
  })
})
