import { afterAll, describe, expect, test } from 'bun:test'
import { gapFillJob } from '../../src/modules/time-tracking/jobs'
import { HOUR, MINUTE } from '../../src/kernel/time'
import { jobWorld } from './seed'

const w = jobWorld()
afterAll(() => w.rt.cleanup())

const at = (iso: string) => Date.parse(iso)
const blocks = (logId: string) =>
  w.sqlite.query("select started_at s, ended_at e from activity_blocks where time_log_id = ? and kind = 'gap_fill' order by started_at").all(logId) as {
    s: number
    e: number
  }[]
const log = (id: string) =>
  w.sqlite.query('select status, clock_out_at, gap_fill_done_at from time_logs where id = ?').get(id) as {
    status: string
    clock_out_at: number | null
    gap_fill_done_at: number | null
  }

describe('time_tracking.gap_fill job', () => {
  const t = w.tenant({ createdAt: at('2026-05-01T00:00:00Z'), autoClockOutHours: 10 })
  const ana = w.user(t.id, { name: 'Ana' })
  const ben = w.user(t.id, { name: 'Ben' })
  const cem = w.user(t.id, { name: 'Cem' })
  const dia = w.user(t.id, { name: 'Dia' })
  // Ana forgot to clock out at 08:00; the agent reported 08:00-09:00 and 12:00-12:30.
  const anaLog = w.log(t.id, ana, at('2026-05-04T08:00:00Z'), null, { source: 'client' })
  w.sample(t.id, ana, at('2026-05-04T08:00:00Z'), 3600, '2026-05-04')
  w.sample(t.id, ana, at('2026-05-04T12:00:00Z'), 1800, '2026-05-04')
  w.breakOn(t.id, ana, anaLog, at('2026-05-04T13:00:00Z'), null)
  // Ben forgot too, but was scheduled 08:00-16:00: his log closes at the end of the shift plus the 15 min grace.
  const benLog = w.log(t.id, ben, at('2026-05-04T07:45:00Z'), null, { source: 'mobile' })
  w.shift(t.id, ben, '2026-05-04', at('2026-05-04T08:00:00Z'), at('2026-05-04T16:00:00Z'))
  // Cem is still at work, clocked in 3 hours ago: not overdue.
  const cemLog = w.log(t.id, cem, at('2026-05-04T16:00:00Z'), null, { source: 'client' })
  // Dia's day was imported closed, without gap-fill; the agent covered 10:00-11:00.
  const diaLog = w.log(t.id, dia, at('2026-05-04T09:00:00Z'), at('2026-05-04T13:00:00Z'))
  w.sample(t.id, dia, at('2026-05-04T10:00:00Z'), 3600, '2026-05-04')
  // A log closed through clock-out already has its blocks.
  const doneLog = w.log(t.id, dia, at('2026-05-03T09:00:00Z'), at('2026-05-03T10:00:00Z'), { gapFillDone: true })
  const now = at('2026-05-04T19:00:00Z')

  test('closes forgotten clock-outs at the policy limit or the end of the scheduled shift, with gap-fill blocks and clock.out', async () => {
    const result = await w.tick(gapFillJob, now)
    expect(result.error).toBeNull()
    expect(log(anaLog)).toEqual({ status: 'auto_closed', clock_out_at: at('2026-05-04T18:00:00Z'), gap_fill_done_at: now })
    // The break (13:00 until the session closes) is a break block, not a gap.
    expect(blocks(anaLog)).toEqual([
      { s: at('2026-05-04T09:00:00Z'), e: at('2026-05-04T12:00:00Z') },
      { s: at('2026-05-04T12:30:00Z'), e: at('2026-05-04T13:00:00Z') },
    ])
    expect(w.sqlite.query("select started_at s, ended_at e from activity_blocks where time_log_id = ? and kind = 'break'").all(anaLog)).toEqual([
      { s: at('2026-05-04T13:00:00Z'), e: at('2026-05-04T18:00:00Z') },
    ])
    expect(log(benLog)).toMatchObject({ status: 'auto_closed', clock_out_at: at('2026-05-04T16:15:00Z') })
    expect(blocks(benLog)).toEqual([{ s: at('2026-05-04T07:45:00Z'), e: at('2026-05-04T16:15:00Z') }])
    expect(log(cemLog)).toEqual({ status: 'open', clock_out_at: null, gap_fill_done_at: null })
    // The open break ends with the session, announced like a clock-out's.
    expect(w.sqlite.query('select ended_at e from breaks where time_log_id = ?').get(anaLog)).toEqual({ e: at('2026-05-04T18:00:00Z') })
    expect(w.events(t.id, 'break.ended').map((e) => e.timeLogId)).toEqual([anaLog])
    const outs = w.events(t.id, 'clock.out')
    expect(outs.map((e) => e.timeLogId).sort()).toEqual([anaLog, benLog].sort())
    expect(outs.find((e) => e.timeLogId === anaLog)).toMatchObject({
      userId: ana,
      clockInAt: '2026-05-04T08:00:00.000Z',
      clockOutAt: '2026-05-04T18:00:00.000Z',
      durationSeconds: 36_000,
      blocksGenerated: 2,
      autoClosed: true,
      latitude: null,
    })
  })

  test('writes the gap-fill blocks of imported closed logs once, and leaves logs closed by clock-out alone', () => {
    expect(log(diaLog).gap_fill_done_at).toBe(now)
    expect(blocks(diaLog)).toEqual([
      { s: at('2026-05-04T09:00:00Z'), e: at('2026-05-04T10:00:00Z') },
      { s: at('2026-05-04T11:00:00Z'), e: at('2026-05-04T13:00:00Z') },
    ])
    expect(blocks(doneLog)).toEqual([])
  })

  test('running it again changes nothing', async () => {
    const before = w.snapshot(t.id)
    const again = await w.tick(gapFillJob, now + 5 * MINUTE)
    expect(again.outcome?.processed).toBe(0)
    expect(w.snapshot(t.id)).toEqual(before)
  })

  test('after a downtime the overdue log is closed at its limit, not at the time the job ran', async () => {
    const later = now + 2 * 24 * HOUR
    await w.tick(gapFillJob, later)
    expect(log(cemLog)).toMatchObject({ status: 'auto_closed', clock_out_at: at('2026-05-05T02:00:00Z'), gap_fill_done_at: later })
    expect(w.events(t.id, 'clock.out').filter((e) => e.timeLogId === cemLog)).toHaveLength(1)
  })

  test('a large import is gap-filled in batches within one tick, each log once', async () => {
    const eve = w.user(t.id, { name: 'Eve' })
    const start = at('2025-01-01T09:00:00Z')
    const ids = Array.from({ length: 450 }, (_, i) => w.log(t.id, eve, start + i * 24 * HOUR, start + i * 24 * HOUR + 8 * HOUR))
    const r = await w.tick(gapFillJob, now + 3 * 24 * HOUR)
    expect(r.outcome?.processed).toBe(450)
    expect(w.count("select count(*) n from activity_blocks where user_id = ? and kind = 'gap_fill'", eve)).toBe(450)
    expect(w.count('select count(*) n from time_logs where user_id = ? and gap_fill_done_at is null', eve)).toBe(0)
    expect(blocks(ids[449]!)).toEqual([{ s: start + 449 * 24 * HOUR, e: start + 449 * 24 * HOUR + 8 * HOUR }])
  })
})

describe('time_tracking.gap_fill job and overnight shifts', () => {
  // A world of its own: the ticks above run every tenant up to days later.
  const w = jobWorld()
  afterAll(() => w.rt.cleanup())
  const log = (id: string) => w.sqlite.query('select status, clock_out_at from time_logs where id = ?').get(id)
  // Berlin: the shift is dated the 4th (22:00 local) and ends on the 5th (06:00 local).
  const t = w.tenant({ name: 'Night', timezone: 'Europe/Berlin', createdAt: at('2026-05-01T00:00:00Z'), autoClockOutHours: 14 })
  const fay = w.user(t.id, { name: 'Fay' })
  w.shift(t.id, fay, '2026-05-04', at('2026-05-04T20:00:00Z'), at('2026-05-05T04:00:00Z'))
  // She came late, after local midnight: her clock-in's date (the 5th) is not the shift's.
  const fayLog = w.log(t.id, fay, at('2026-05-04T22:30:00Z'), null, { source: 'client' })

  test('a clock-in after midnight belongs to the shift that began the evening before: closed at its end + 15 min', async () => {
    await w.tick(gapFillJob, at('2026-05-05T04:10:00Z'))
    expect(log(fayLog)).toMatchObject({ status: 'open', clock_out_at: null })
    await w.tick(gapFillJob, at('2026-05-05T04:20:00Z'))
    // Not at the 14 h fallback (12:30Z): at the shift's end plus the grace.
    expect(log(fayLog)).toMatchObject({ status: 'auto_closed', clock_out_at: at('2026-05-05T04:15:00Z') })
  })
})

describe('time_tracking.gap_fill job and project budgets', () => {
  test('an auto-closed session counts against its project at once: project.budget_alert when it crosses the threshold', async () => {
    // Made here, not when the file loads: the ticks above would close the session first.
    const t = w.tenant({ createdAt: at('2026-05-01T00:00:00Z'), autoClockOutHours: 10 })
    const fay = w.user(t.id, { name: 'Fay' })
    // A 10-hour budget alerting at 80%: Fay's forgotten session on it closes after 10 hours.
    const project = crypto.randomUUID()
    w.sqlite
      .prepare(
        "insert into projects (id, tenant_id, name, status, budget_hours, alert_threshold_percent, created_at, updated_at) values (?, ?, 'Relaunch', 'active', 10, 80, ?, ?)",
      )
      .run(project, t.id, at('2026-05-01T00:00:00Z'), at('2026-05-01T00:00:00Z'))
    const fayLog = w.log(t.id, fay, at('2026-05-04T08:00:00Z'), null, { source: 'client' })
    w.sqlite.prepare('update time_logs set project_id = ? where id = ?').run(project, fayLog)

    const r = await w.tick(gapFillJob, at('2026-05-04T19:00:00Z'))
    expect(r.error).toBeNull()
    expect(log(fayLog)).toMatchObject({ status: 'auto_closed', clock_out_at: at('2026-05-04T18:00:00Z') })
    expect(w.events(t.id, 'project.budget_alert')).toEqual([expect.objectContaining({ projectId: project, budgetHours: 10, usedHours: 10 })])
    const sent = w.sqlite.query('select budget_alert_sent_at s from projects where id = ?').get(project) as { s: number | null }
    expect(sent.s).toBe(at('2026-05-04T19:00:00Z'))
  })
})
