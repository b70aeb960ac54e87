import { Database } from 'bun:sqlite'
import { afterAll, expect, test } from 'bun:test'
import type { Ctx, Role } from '../../src/kernel/ctx'
import { invoke } from '../../src/kernel/operation'
import { localDate, weekStart } from '../../src/kernel/time'
import { summarizeTeamHours } from '../../src/modules/dashboard/summarize-team-hours'
import { orgWeekFigures } from '../../src/modules/dashboard/team-hours-week'
import { clockIn } from '../../src/modules/time-tracking/clock-in'
import { clockOut } from '../../src/modules/time-tracking/clock-out'
import { jobWorld } from '../jobs/seed'
import { keyCtx, scopeAt } from './sequences'

// The organisation-wide team hours at now read index streams and stop early (team-hours-now.ts).
// A statement left stepping keeps its read snapshot after the read's transaction ends; once
// another process (the CLI, a second server with --reuse-port) writes, this connection's next
// write then fails at once with "database is locked" (SQLITE_BUSY_SNAPSHOT; the busy timeout does
// not apply). The bench found it: its bare process clocked in between two of the product's writes.

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const HOUR = 3_600_000
// Tuesday 24 March 2026, 07:00 in Berlin.
const START = Date.UTC(2026, 2, 24, 6, 0)
const t = w.tenant({ createdAt: START - 30 * 24 * HOUR, timezone: 'Europe/Berlin' })
const people = Array.from({ length: 12 }, (_, i) => w.user(t.id, { name: `Person ${i}` }))
const admin = w.user(t.id, { name: 'Admin', role: 'admin' })
const ctxAs = (userId: string, role: Role, now: number): Ctx => keyCtx(w.rt, t.id, userId, role, now)

test("after the organisation's team hours at now, a write of another connection, then one of ours, succeeds", async () => {
  // Everyone worked a different length yesterday; the first eight are clocked in now.
  for (const [i, who] of people.entries()) {
    expect((await invoke(clockIn, ctxAs(who, 'employee', START - 24 * HOUR), {})).success).toBe(true)
    expect((await invoke(clockOut, ctxAs(who, 'employee', START - 24 * HOUR + (i + 1) * 30 * 60_000), {})).success).toBe(true)
    if (i < 8) expect((await invoke(clockIn, ctxAs(who, 'employee', START + i * 60_000), {})).success).toBe(true)
  }
  const now = START + 2 * HOUR
  const today = localDate(now, 'Europe/Berlin')
  const answer = (await invoke(summarizeTeamHours, ctxAs(admin, 'admin', now), { period: 'this_week' })) as { result: { members: unknown[] } }
  expect(answer.result.members.length).toBeGreaterThanOrEqual(people.length)
  // The streams' path answers; its lists of 2 stop before the streams end (the tool's lists of
  // 100 read them to the end: last, it would reset the statements this leaves stepping).
  expect(orgWeekFigures(scopeAt(w.rt, t.id, now), weekStart(today), today, 2)).not.toBeNull()

  const other = new Database(w.sqlite.filename)
  try {
    other.exec('PRAGMA busy_timeout = 5000')
    other.prepare("update users set name = name || '' where id = ?").run(people[11]!)
  } finally {
    other.close()
  }
  const late = await invoke(clockIn, ctxAs(people[11]!, 'employee', now + 60_000), {})
  expect(late.success).toBe(true)
})
