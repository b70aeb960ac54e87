import { afterAll, describe, expect, test } from 'bun:test'
import type { TenantScope } from '../../src/kernel/ctx'
import { sqliteOf } from '../../src/kernel/db'
import { scheduledShiftSpans } from '../../src/modules/shifts/alert-queries'
import { workedMsBetween } from '../../src/modules/time-tracking/person-day-queries'
import { tenantDatabase } from '../helpers/db'

/**
 * Issue 18: the plans SQLite picks for the hours reads' statements, on a migrated database. The
 * covering (tenant, date, user, ms) index of person_day_totals serves everyone's period; a list
 * of people must still be looked up person by person by the key (tenant, user, date): with the
 * covering index in place SQLite preferred scanning everyone's period for a team of 9 (7.5 ms
 * instead of 0.04 at 10,000 people), which the bench's growth table caught. The statements are
 * the ones the function really prepares (recorded on the connection), not copies; the database
 * has no statistics (a new install's, before its first PRAGMA optimize), where left to itself SQLite
 * even scanned everyone's period once per listed person.
 */
const t = tenantDatabase('wf-plans-')
afterAll(() => t.done())

// Every statement the connection prepares, whether through query() (our plain statements) or
// prepare() (drizzle's prepared queries).
const sqlite = sqliteOf(t.db)
const prepared: string[] = []
const query = sqlite.query.bind(sqlite)
const prepare = sqlite.prepare.bind(sqlite)
sqlite.query = ((sql: string) => {
  prepared.push(sql)
  return query(sql)
}) as typeof sqlite.query
sqlite.prepare = ((sql: string) => {
  prepared.push(sql)
  return prepare(sql)
}) as typeof sqlite.prepare

const c: TenantScope = { tenant: { id: t.tenantId, timezone: 'UTC' }, db: t.db, now: Date.parse('2026-06-03T12:00:00Z') }

/** The plans of the statements `run` prepares: by table read, the plan's lines of the one statement that reads it. */
function plansOf(run: () => void): (table: string) => string[] {
  prepared.length = 0
  run()
  const captured = [...prepared]
  return (table) => {
    const statements = captured.filter((s) => new RegExp(`from\\s+"?${table}"?`, 'i').test(s) || new RegExp(`join\\s+"?${table}"?`, 'i').test(s))
    expect(statements).toHaveLength(1)
    const sql = statements[0]!
    // As many values as the statement takes: its highest ?N, or one per bare ?.
    const marks = sql.match(/\?\d*/g) ?? []
    const count = marks.some((m) => m.length > 1) ? Math.max(...marks.map((m) => Number(m.slice(1)))) : marks.length
    const params = Array.from({ length: count }, () => '[]')
    return (query(`explain query plan ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail)
  }
}
const planOf = (table: string, run: () => void): string[] => plansOf(run)(table)

describe('hours reads: plans', () => {
  test("everyone's period of worked time comes from the covering index alone; their open sessions from the open logs", () => {
    const plans = plansOf(() => workedMsBetween(c, '2026-06-01', '2026-06-07', null))
    expect(plans('person_day_totals').join('\n')).toContain('USING COVERING INDEX person_day_totals_tenant_date_idx')
    // The tenant's open logs only (a partial or (tenant, clock-out) index), each log's breaks by their key.
    const open = plans('time_logs').join('\n')
    expect(open).toMatch(/SEARCH l USING (COVERING )?INDEX time_logs_\w+ \(tenant_id=\? AND clock_out_at=\?\)/)
    expect(open).toContain('SEARCH b USING INDEX breaks_tenant_log_idx (tenant_id=? AND time_log_id=?)')
  })

  test("listed people's worked time and open sessions are looked up person by person", () => {
    const plans = plansOf(() => workedMsBetween(c, '2026-06-01', '2026-06-07', ['a', 'b']))
    const lines = plans('person_day_totals').join('\n')
    expect(lines).toContain('SCAN j')
    expect(lines).toMatch(/SEARCH p USING INDEX sqlite_autoindex_person_day_totals_1 \(tenant_id=\? AND user_id=\? AND date>\? AND date<\?\)/)
    expect(lines).not.toContain('person_day_totals_tenant_date_idx')
    const open = plans('time_logs').join('\n')
    expect(open).toContain('SCAN j')
    expect(open).toContain('SEARCH l USING INDEX time_logs_one_open_uq (tenant_id=? AND user_id=?)')
    expect(open).toContain('SEARCH b USING INDEX breaks_tenant_log_idx (tenant_id=? AND time_log_id=?)')
  })

  test("everyone's scheduled shifts of a period come from the covering index alone", () => {
    const plan = planOf('shift_schedules', () => scheduledShiftSpans(c, '2026-06-01', '2026-06-07', null))
    expect(plan.join('\n')).toContain('USING COVERING INDEX shift_schedules_tenant_date_idx')
  })

  test("listed people's scheduled shifts are looked up person by person by the key (tenant, user, date)", () => {
    // With the covering (tenant, date, status, user, …) index in place SQLite preferred walking
    // everyone's period for a team of 9 (10 ms at 10,000 people; the growth table caught it).
    const plan = planOf('shift_schedules', () => scheduledShiftSpans(c, '2026-06-01', '2026-06-07', ['a', 'b']))
    const lines = plan.join('\n')
    expect(lines).toContain('SCAN j')
    expect(lines).toMatch(/SEARCH s USING INDEX shift_schedules_tenant_user_date_uq \(tenant_id=\? AND user_id=\? AND date>\? AND date<\?\)/)
    expect(lines).not.toContain('shift_schedules_tenant_date_idx')
  })
})
