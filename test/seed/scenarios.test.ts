import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { DEFAULT_SEED_OPTIONS, DEMO_SCENARIOS, seedDemoTenant } from '../../seed'
import { SECRET, WEDNESDAY_MORNING, freshDatabase } from './helpers'

let db: ReturnType<typeof freshDatabase>
let sqlite: Database

beforeAll(() => {
  db = freshDatabase()
  sqlite = db.handle.sqlite
  seedDemoTenant(db.handle, SECRET, { ...DEFAULT_SEED_OPTIONS, now: WEDNESDAY_MORNING })
})

afterAll(() => db.dispose())

const all = <T>(query: string, ...params: (string | number)[]): T[] => sqlite.query(query).all(...params) as T[]
const DAY = 86_400_000

describe('demo scenarios', () => {
  test('there are exactly five, each with an id, a title, a description and manager questions', () => {
    expect(DEMO_SCENARIOS).toHaveLength(5)
    expect(new Set(DEMO_SCENARIOS.map((s) => s.id)).size).toBe(5)
    for (const s of DEMO_SCENARIOS) {
      expect(s.id).toMatch(/^[a-z0-9-]+$/)
      expect(s.title.length).toBeGreaterThan(10)
      expect(s.description.length).toBeGreaterThan(80)
      expect(s.suggested_queries.length).toBeGreaterThanOrEqual(3)
      for (const q of s.suggested_queries) expect(q).toMatch(/\?$|\.$/)
    }
  })

  test('overtime spike: Dispatch Operations worked the longest hours of any team in the last two weeks', () => {
    const rows = all<{ team: string; hours: number }>(
      `SELECT t.name team, sum(l.clock_out_at - l.clock_in_at) / 3600000.0 / count(DISTINCT l.user_id) hours
      FROM time_logs l JOIN users u ON u.id = l.user_id JOIN teams t ON t.id = u.primary_team_id
      WHERE l.clock_out_at IS NOT NULL AND l.clock_in_at > ? GROUP BY t.name ORDER BY hours DESC`,
      WEDNESDAY_MORNING - 14 * DAY,
    )
    expect(rows[0]!.team).toBe('Dispatch Operations')
    expect(rows[0]!.hours).toBeGreaterThan(rows[1]!.hours * 1.15)
    const alerts = all<{ n: number }>(`SELECT count(*) n FROM workload_alerts a JOIN users u ON u.id = a.user_id JOIN teams t ON t.id = u.primary_team_id
      WHERE t.name = 'Dispatch Operations' AND a.kind IN ('overtime', 'unusual_hours')`)
    expect(alerts[0]!.n).toBeGreaterThan(3)
  })

  test('timesheet backlog: Hannah Becker has the most submitted timesheets waiting, some older than a week', () => {
    const rows = all<{ manager: string; n: number; oldest: string }>(`SELECT m.name manager, count(*) n, min(s.period_end) oldest FROM timesheets s
      JOIN users u ON u.id = s.user_id JOIN teams t ON t.id = u.primary_team_id JOIN users m ON m.id = t.manager_user_id
      WHERE s.status = 'submitted' AND u.role = 'employee' GROUP BY m.name ORDER BY n DESC`)
    expect(rows[0]!.manager).toBe('Hannah Becker')
    expect(rows[0]!.n).toBeGreaterThan(rows[1]?.n ?? 0)
    expect(rows[0]!.oldest < '2026-03-04').toBe(true)
  })

  test('budget at risk: Route Optimizer v2 is near its budget and Customs API Integration is over it', () => {
    const rows = all<{ name: string; budget: number; used: number; alert: number | null }>(`SELECT p.name, p.budget_hours budget, p.budget_alert_sent_at alert,
      (SELECT sum(clock_out_at - clock_in_at) / 3600000.0 FROM time_logs l WHERE l.project_id = p.id AND l.clock_out_at IS NOT NULL) used FROM projects p`)
    const rov = rows.find((r) => r.name === 'Route Optimizer v2')!
    const capi = rows.find((r) => r.name === 'Customs API Integration')!
    expect(rov.used / rov.budget).toBeGreaterThan(0.85)
    expect(rov.used / rov.budget).toBeLessThan(1)
    expect(capi.used / capi.budget).toBeGreaterThan(1)
    expect(rov.alert).not.toBeNull()
    expect(rows.some((r) => r.budget !== null && r.used / r.budget < 0.8)).toBe(true)
  })

  test('productivity drop: Jonas Richter scores well below his baseline in the last week', () => {
    const days = all<{ date: string; score: number; baseline: number }>(`SELECT s.date, s.score, s.baseline_score baseline FROM daily_activity_summaries s
      JOIN users u ON u.id = s.user_id WHERE u.name = 'Jonas Richter' ORDER BY s.date`)
    const recent = days.filter((d) => d.date >= '2026-03-05' && d.date < '2026-03-11')
    const before = days.filter((d) => d.date < '2026-03-04')
    const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length
    expect(avg(recent.map((d) => d.score))).toBeLessThan(50)
    expect(avg(before.map((d) => d.score))).toBeGreaterThan(65)
    const drops = all<{ n: number }>("SELECT count(*) n FROM events WHERE type = 'activity.productivity_drop' AND data LIKE '%jonas.richter%'")
    expect(drops[0]!.n).toBeGreaterThan(0)
  })

  test('not clocked in today: the scenario has people in, and people due who are not', () => {
    const open = all<{ n: number }>('SELECT count(*) n FROM time_logs WHERE clock_out_at IS NULL')
    expect(open[0]!.n).toBeGreaterThan(0)
    const due = all<{ name: string }>(
      `SELECT u.name FROM shift_schedules s JOIN users u ON u.id = s.user_id WHERE s.date = '2026-03-11' AND s.status = 'scheduled'
      AND s.starts_at < ? AND NOT EXISTS (SELECT 1 FROM time_logs l WHERE l.user_id = s.user_id AND l.clock_in_at >= s.starts_at - 3600000)`,
      WEDNESDAY_MORNING,
    )
    expect(due.length).toBeGreaterThanOrEqual(2)
  })
})
