import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Database } from 'bun:sqlite'
import { Value } from '@sinclair/typebox/value'
import { DEFAULT_SEED_OPTIONS, seedDemoTenant, type SeedSummary } from '../../seed'
import { ROLES } from '../../src/kernel/ctx'
import { TIMESHEET_STATUSES } from '../../src/modules/timesheets/schema'
import { TASK_STATUSES } from '../../src/modules/tasks/schema'
import { EVENT_CATALOG } from '../../src/modules/webhooks/catalog'
import { EVENT_NAMES, type EventName } from '../../src/modules/webhooks/event-names'
import { SECRET, WEDNESDAY_MORNING, freshDatabase } from './helpers'

/**
 * Five demo tenants in one database: the default company on a Wednesday morning, the same again
 * (same seed and clock: ids, tokens and emails must not collide), a small one generated in the
 * night of a daylight-saving change, the same in a zone with the same offset, and one in India.
 * The invariants must hold for every tenant.
 */
let db: ReturnType<typeof freshDatabase>
let sqlite: Database
let main: SeedSummary
const NOW = WEDNESDAY_MORNING

beforeAll(() => {
  db = freshDatabase()
  sqlite = db.handle.sqlite
  main = seedDemoTenant(db.handle, SECRET, { ...DEFAULT_SEED_OPTIONS, now: NOW })
  seedDemoTenant(db.handle, SECRET, { ...DEFAULT_SEED_OPTIONS, now: NOW })
  const dstNight = { ...DEFAULT_SEED_OPTIONS, employees: 12, days: 20, now: Date.parse('2026-03-29T01:30:00Z') }
  seedDemoTenant(db.handle, SECRET, dstNight)
  seedDemoTenant(db.handle, SECRET, { ...dstNight, timezone: 'Europe/Paris' })
  seedDemoTenant(db.handle, SECRET, { ...DEFAULT_SEED_OPTIONS, employees: 20, days: 14, timezone: 'Asia/Kolkata', seed: 'other', now: NOW })
})

afterAll(() => db.dispose())

const all = <T>(query: string, ...params: (string | number)[]): T[] => sqlite.query(query).all(...params) as T[]
const one = <T>(query: string, ...params: (string | number)[]): T => sqlite.query(query).get(...params) as T

describe('seed-demo invariants', () => {
  test('creates five complete, visible demo tenants on the Business plan with a trial', () => {
    const tenants = all<{ readable_id: string; is_demo: number; plan_id: string; deleted_at: number | null }>('SELECT * FROM tenants ORDER BY id')
    expect(tenants).toHaveLength(5)
    for (const t of tenants) {
      expect(t.readable_id).toMatch(/^DEMO-\d{6}$/)
      expect(t).toMatchObject({ is_demo: 1, plan_id: 'business', deleted_at: null })
    }
    expect(new Set(tenants.map((t) => t.readable_id)).size).toBe(5)
    expect(all('SELECT status, plan_id FROM subscriptions')).toEqual(Array(5).fill({ status: 'trialing', plan_id: 'business' }))
    // The twin of the first tenant has the same people under other ids.
    const names = (tenant: number) => all<{ name: string }>('SELECT name FROM users WHERE tenant_id = ? ORDER BY created_at, name', tenant).map((u) => u.name)
    expect(names(2)).toEqual(names(1))
    expect(one<{ n: number }>('SELECT count(*) n FROM invoices WHERE tenant_id = ?', main.tenantId).n).toBeGreaterThan(1)
  })

  test('writes no overlapping time logs for any user', () => {
    const overlaps = one<{ n: number }>(`SELECT count(*) n FROM time_logs a JOIN time_logs b ON a.user_id = b.user_id AND a.id < b.id
      AND a.clock_in_at < coalesce(b.clock_out_at, 9e15) AND b.clock_in_at < coalesce(a.clock_out_at, 9e15)`)
    expect(overlaps.n).toBe(0)
  })

  test('clocks out after clocking in, closes every log but at most one open log per user, and never writes the future', () => {
    expect(one<{ n: number }>('SELECT count(*) n FROM time_logs WHERE clock_out_at IS NOT NULL AND clock_out_at <= clock_in_at').n).toBe(0)
    expect(all('SELECT user_id FROM time_logs WHERE clock_out_at IS NULL GROUP BY tenant_id, user_id HAVING count(*) > 1')).toEqual([])
    expect(one<{ n: number }>("SELECT count(*) n FROM time_logs WHERE (clock_out_at IS NULL) <> (status = 'open')").n).toBe(0)
    expect(one<{ n: number }>('SELECT count(*) n FROM time_logs WHERE tenant_id = ? AND clock_in_at > ?', main.tenantId, NOW).n).toBe(0)
    expect(
      one<{ n: number }>('SELECT count(*) n FROM activity_samples WHERE tenant_id = ? AND started_at + duration_seconds * 1000 > ?', main.tenantId, NOW).n,
    ).toBe(0)
    expect(one<{ n: number }>('SELECT count(*) n FROM events WHERE tenant_id = ? AND occurred_at > ?', main.tenantId, NOW).n).toBe(0)
  })

  test('has people clocked in right now, some on a break, and people whose shift started who have not clocked in', () => {
    const open = all<{ user_id: string }>('SELECT user_id FROM time_logs WHERE tenant_id = ? AND clock_out_at IS NULL', main.tenantId)
    expect(open.length).toBeGreaterThanOrEqual(3)
    expect(one<{ n: number }>('SELECT count(*) n FROM breaks WHERE tenant_id = ? AND ended_at IS NULL', main.tenantId).n).toBeGreaterThanOrEqual(1)
    const missing = all(
      `SELECT s.user_id FROM shift_schedules s WHERE s.tenant_id = ? AND s.status = 'scheduled' AND s.starts_at <= ? AND s.ends_at > ?
      AND NOT EXISTS (SELECT 1 FROM time_logs l WHERE l.user_id = s.user_id AND l.clock_in_at >= s.starts_at - 3600000)`,
      main.tenantId,
      NOW - 15 * 60_000,
      NOW,
    )
    expect(missing.length).toBeGreaterThanOrEqual(2)
    expect(
      one<{ n: number }>('SELECT count(*) n FROM shift_schedules WHERE tenant_id = ? AND starts_at > ?', main.tenantId, NOW + 86_400_000).n,
    ).toBeGreaterThan(0)
  })

  test('daily summaries equal the sums of their samples, with the score from productive over active time', () => {
    const mismatches = one<{ n: number }>(`SELECT count(*) n FROM daily_activity_summaries s LEFT JOIN (
        SELECT tenant_id, user_id, local_date, sum(duration_seconds) total, count(*) samples,
          sum(CASE WHEN is_idle = 0 AND category = 'productive' THEN duration_seconds ELSE 0 END) p,
          sum(CASE WHEN is_idle = 0 AND category = 'neutral' THEN duration_seconds ELSE 0 END) n,
          sum(CASE WHEN is_idle = 0 AND category = 'unproductive' THEN duration_seconds ELSE 0 END) u,
          sum(CASE WHEN is_idle = 1 THEN duration_seconds ELSE 0 END) idle
        FROM activity_samples GROUP BY 1, 2, 3) x ON x.tenant_id = s.tenant_id AND x.user_id = s.user_id AND x.local_date = s.date
      WHERE x.total IS NULL OR x.total <> s.total_seconds OR x.samples <> s.sample_count OR x.p <> s.productive_seconds OR x.n <> s.neutral_seconds
        OR x.u <> s.unproductive_seconds OR x.idle <> s.idle_seconds
        OR s.score <> CASE WHEN x.p + x.n + x.u = 0 THEN 0 ELSE CAST(round(100.0 * x.p / (x.p + x.n + x.u)) AS INTEGER) END`)
    expect(mismatches.n).toBe(0)
    const unsummarised = one<{ n: number }>(`SELECT count(*) n FROM (SELECT DISTINCT tenant_id, user_id, local_date FROM activity_samples) a
      WHERE NOT EXISTS (SELECT 1 FROM daily_activity_summaries s WHERE s.tenant_id = a.tenant_id AND s.user_id = a.user_id AND s.date = a.local_date)`)
    expect(unsummarised.n).toBe(0)
    expect(one<{ n: number }>('SELECT count(*) n FROM daily_activity_summaries WHERE tenant_id = ?', main.tenantId).n).toBeGreaterThan(300)
  })

  test('timesheet totals equal the worked time of their time logs net of breaks, and every closed log belongs to a timesheet', () => {
    const mismatches = one<{ n: number }>(`SELECT count(*) n FROM timesheets t LEFT JOIN (
        SELECT timesheet_id, sum((clock_out_at - clock_in_at - coalesce((SELECT sum(min(coalesce(b.ended_at, l.clock_out_at), l.clock_out_at) - b.started_at)
          FROM breaks b WHERE b.time_log_id = l.id), 0)) / 1000) seconds FROM time_logs l WHERE timesheet_id IS NOT NULL GROUP BY 1) x ON x.timesheet_id = t.id
      WHERE coalesce(x.seconds, -1) <> t.total_seconds`)
    expect(mismatches.n).toBe(0)
    expect(one<{ n: number }>('SELECT count(*) n FROM time_logs WHERE clock_out_at IS NOT NULL AND timesheet_id IS NULL').n).toBe(0)
    const outsidePeriod = one<{ n: number }>(`SELECT count(*) n FROM time_logs l JOIN timesheets t ON t.id = l.timesheet_id WHERE l.user_id <> t.user_id`)
    expect(outsidePeriod.n).toBe(0)
  })

  test('every foreign key is valid', () => {
    expect(sqlite.query('PRAGMA foreign_key_check').all()).toEqual([])
  })

  test('every role, timesheet status and task status is present, with history and rejection reasons', () => {
    const roles = all<{ role: string }>("SELECT DISTINCT role FROM users WHERE tenant_id = ? AND status = 'active'", main.tenantId).map((r) => r.role)
    expect(roles.sort()).toEqual([...ROLES].sort())
    expect(one<{ n: number }>("SELECT count(*) n FROM users WHERE tenant_id = ? AND role = 'owner_admin'", main.tenantId).n).toBe(1)
    const statuses = all<{ status: string }>('SELECT DISTINCT status FROM timesheets WHERE tenant_id = ?', main.tenantId).map((r) => r.status)
    expect(statuses.sort()).toEqual([...TIMESHEET_STATUSES].sort())
    const tasks = all<{ status: string }>('SELECT DISTINCT status FROM tasks WHERE tenant_id = ?', main.tenantId).map((r) => r.status)
    expect(tasks.sort()).toEqual([...TASK_STATUSES].sort())
    expect(
      one<{ n: number }>("SELECT count(*) n FROM timesheets WHERE status = 'rejected' AND (rejection_reason IS NULL OR decided_by_user_id IS NULL)").n,
    ).toBe(0)
    const history = one<{ n: number }>(
      `SELECT count(*) n FROM timesheets t WHERE t.tenant_id = ? AND t.status <> (
      SELECT h.to_status FROM timesheet_status_history h WHERE h.timesheet_id = t.id ORDER BY h.changed_at DESC, h.id DESC LIMIT 1)`,
      main.tenantId,
    )
    expect(history.n).toBe(0)
  })

  test('teams have managers, and the company has offices, shifts, rates, projects, rules, devices and invitations', () => {
    const unmanaged = one<{ n: number }>(`SELECT count(*) n FROM teams t WHERE NOT EXISTS (SELECT 1 FROM team_memberships m
      WHERE m.team_id = t.id AND m.user_id = t.manager_user_id AND m.role_in_team = 'manager')`)
    expect(unmanaged.n).toBe(0)
    const count = (table: string) => one<{ n: number }>(`SELECT count(*) n FROM ${table} WHERE tenant_id = ?`, main.tenantId).n
    for (const table of [
      'offices',
      'shift_templates',
      'rate_cards',
      'cost_centers',
      'category_rules',
      'devices',
      'agent_sessions',
      'activity_blocks',
      'location_pings',
      'presence_taps',
      'breaks',
      'payroll_periods',
      'mcp_tool_calls',
      'ask_questions',
      'workload_alerts',
      'ingest_batches',
    ]) {
      expect([table, count(table)]).toEqual([table, expect.any(Number)])
      expect(count(table)).toBeGreaterThan(0)
    }
    expect(one<{ n: number }>("SELECT count(*) n FROM invitations WHERE tenant_id = ? AND status = 'pending'", main.tenantId).n).toBeGreaterThan(0)
    expect(one<{ n: number }>("SELECT count(*) n FROM activity_blocks WHERE tenant_id = ? AND kind = 'gap_fill'", main.tenantId).n).toBeGreaterThan(0)
    expect(one<{ n: number }>("SELECT count(*) n FROM payroll_periods WHERE tenant_id = ? AND status = 'closed'", main.tenantId).n).toBeGreaterThan(0)
    expect(
      one<{ n: number }>("SELECT count(*) n FROM pay_runs WHERE tenant_id = ? AND status = 'ready' AND content LIKE 'user_id,%'", main.tenantId).n,
    ).toBeGreaterThan(0)
    expect(one<{ n: number }>('SELECT count(*) n FROM workload_alerts WHERE tenant_id = ? AND date >= ?', main.tenantId, '2026-03-11').n).toBe(0)
  })

  test('closed time logs are covered exactly by their timeline blocks', () => {
    const uncovered = one<{ n: number }>(`SELECT count(*) n FROM time_logs l WHERE l.clock_out_at IS NOT NULL
      AND (l.clock_out_at - l.clock_in_at) <> (SELECT coalesce(sum(b.ended_at - b.started_at), 0) FROM activity_blocks b WHERE b.tenant_id = l.tenant_id AND b.time_log_id = l.id)`)
    expect(uncovered.n).toBe(0)
  })

  test('events carry camelCase payloads, and timesheet.approved exactly the keys of the spec', () => {
    const payloads = all<{ type: string; data: string }>('SELECT type, data FROM events WHERE tenant_id = ?', main.tenantId)
    expect(new Set(payloads.map((p) => p.type)).size).toBeGreaterThanOrEqual(25)
    for (const p of payloads) for (const key of Object.keys(JSON.parse(p.data))) expect(key).toMatch(/^[a-z][A-Za-z0-9]*$/)
    const approved = payloads.find((p) => p.type === 'timesheet.approved')!
    expect(Object.keys(JSON.parse(approved.data)).sort()).toEqual(['approvedAt', 'approvedByEmail', 'periodEnd', 'periodStart', 'totalHours', 'userEmail'])
  })

  test('every seeded event has exactly the payload of its catalogue entry, and the history shows at least 25 of the 32 event types', () => {
    const rows = all<{ tenant_id: number; type: string; data: string }>('SELECT tenant_id, type, data FROM events')
    expect(rows.length).toBeGreaterThan(1000)
    const failures: string[] = []
    for (const row of rows) {
      if (!(EVENT_NAMES as readonly string[]).includes(row.type)) {
        failures.push(`${row.type}: not in the catalogue`)
        continue
      }
      const payload = EVENT_CATALOG[row.type as EventName].payload
      const data = JSON.parse(row.data) as Record<string, unknown>
      // TypeBox objects allow extra keys; the catalogue is the whole contract, so extras are defects too.
      const extra = Object.keys(data).filter((k) => !(k in payload.properties))
      if (extra.length > 0) failures.push(`${row.type}: keys not in the catalogue: ${extra.join(', ')}`)
      if (!Value.Check(payload, data)) {
        const e = Value.Errors(payload, data).First()!
        failures.push(`${row.type}: ${e.path} ${e.message} (${JSON.stringify(e.value)})`)
      }
    }
    expect([...new Set(failures)].slice(0, 20)).toEqual([])
    const types = new Set(rows.filter((r) => r.tenant_id === main.tenantId).map((r) => r.type))
    expect(types.size).toBeGreaterThanOrEqual(25)
    // The check has teeth: formats (ISO instants, e-mails) and required keys are enforced.
    const approved = JSON.parse(rows.find((r) => r.type === 'timesheet.approved')!.data) as Record<string, unknown>
    const schema = EVENT_CATALOG['timesheet.approved'].payload
    expect(Value.Check(schema, approved)).toBe(true)
    expect(Value.Check(schema, { ...approved, approvedAt: 'last Tuesday' })).toBe(false)
    expect(Value.Check(schema, { ...approved, approvedByEmail: 'nobody' })).toBe(false)
    expect(Value.Check(schema, { ...approved, userEmail: undefined })).toBe(false)
  })
})
