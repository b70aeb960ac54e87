import { afterAll, describe, expect, test } from 'bun:test'
import { DAY } from '../../src/kernel/time'
import { newId } from '../../src/kernel/ids'
import { PLAN_CATALOG } from '../../src/modules/tenants/plans-catalog'
import { DATA_KINDS } from '../../src/modules/tenants/schema'
import { jobWorld } from '../jobs/seed'
import { runCli } from '../helpers/server'

/**
 * Issue 19 item 3: every append-only table is purged by a retention job. Rows are written old
 * (past every retention) and fresh (a day old) in two tenants; the jobs run through the real CLI
 * with `--now`, a controllable clock; each table keeps its fresh rows and what is still under way.
 */
const w = jobWorld()
afterAll(() => w.rt.cleanup())
const s = w.sqlite
const NOW = Date.parse('2027-09-01T12:00:00Z')
const OLD = NOW - 400 * DAY
const FRESH = NOW - DAY
const cli = async (...args: string[]) => {
  const r = await runCli([...args, '--now', new Date(NOW).toISOString(), '--data', w.rt.config.dataDir])
  expect([r.code, r.stderr]).toEqual([0, ''])
}
const count = (sql: string, ...args: (string | number | null)[]) => (s.query(sql).get(...args) as { n: number }).n

function fill(tenantId: number | null, at: number, tag: string) {
  const t = tenantId
  s.prepare("insert into mcp_tool_calls (tenant_id, tool_name, started_at, duration_ms, outcome) values (?, 'list_employees', ?, 1, 'ok')").run(t, at)
  if (t === null) {
    s.prepare(
      "insert into job_runs (job_name, tenant_id, run_key, status, started_at, finished_at) values ('backup.scheduled', null, ?, 'succeeded', ?, ?)",
    ).run(tag, at, at)
    return
  }
  s.prepare("insert into ask_questions (id, tenant_id, question, theme, suggested_tools, asked_at) values (?, ?, 'who?', 'people', '[]', ?)").run(
    newId(),
    t,
    at,
  )
  for (const status of ['sent', 'failed', 'pending'])
    s.prepare(
      "insert into email_outbox (id, tenant_id, to_address, subject, text_body, status, next_attempt_at, created_at) values (?, ?, 'a@b.test', 's', 'b', ?, ?, ?)",
    ).run(newId(), t, status, at, at)
  const sub = newId()
  s.prepare(
    "insert into webhook_subscriptions (id, tenant_id, url, secret, status, created_at, updated_at) values (?, ?, 'https://h.test/x', 'sec', 'active', ?, ?)",
  ).run(sub, t, at, at)
  // One event delivered, one with a delivery still pending, one not fanned out yet.
  for (const kind of ['delivered', 'pending', 'unfanned']) {
    const ev = newId()
    s.prepare("insert into events (id, tenant_id, type, data, occurred_at, fanned_out_at) values (?, ?, 'clock.in', '{}', ?, ?)").run(
      ev,
      t,
      at,
      kind === 'unfanned' ? null : at,
    )
    if (kind === 'unfanned') continue
    const d = newId()
    s.prepare('insert into webhook_deliveries (id, tenant_id, event_id, subscription_id, status, created_at, completed_at) values (?, ?, ?, ?, ?, ?, ?)').run(
      d,
      t,
      ev,
      sub,
      kind === 'delivered' ? 'succeeded' : 'pending',
      at,
      kind === 'delivered' ? at : null,
    )
    s.prepare('insert into webhook_attempts (tenant_id, delivery_id, attempt, started_at, duration_ms) values (?, ?, 1, ?, 5)').run(t, d, at)
  }
  const user = w.user(t)
  s.prepare('insert into ingest_batches (tenant_id, user_id, batch_id, sample_count, received_at) values (?, ?, ?, 10, ?)').run(t, user, tag, at)
  s.prepare(
    "insert into mcp_sessions (id, tenant_id, key_id, mode, protocol_version, created_at, last_seen_at) values (?, ?, 'k', 'production', '2025-06-18', ?, ?)",
  ).run(newId(), t, at, at)
  s.prepare("insert into job_runs (job_name, tenant_id, run_key, status, started_at, finished_at) values ('x.done', ?, ?, 'succeeded', ?, ?)").run(
    t,
    tag,
    at,
    at,
  )
  s.prepare("insert into job_runs (job_name, tenant_id, run_key, status, started_at) values ('x.running', ?, ?, 'running', ?)").run(t, tag, at)
}

const tenants = [w.tenant({ createdAt: OLD - DAY }), w.tenant({ createdAt: OLD - DAY, plan: 'starter' })]
for (const t of tenants) {
  fill(t.id, OLD, 'old')
  fill(t.id, FRESH, 'fresh')
}
fill(null, OLD, 'old')
fill(null, FRESH, 'fresh')
// Rate-limit counters of every window: an old one of each, and the current minute/hour/day.
const nowS = Math.floor(NOW / 1000)
for (const [window, start] of [
  ['minute', nowS - 2 * 3600],
  ['hour', nowS - 3 * 86400],
  ['day', nowS - 5 * 86400],
  ['minute', nowS - 30],
  ['hour', nowS - 600],
  ['day', nowS - 3600],
] as const)
  s.prepare('insert into rate_limit_counters (tenant_id, key_id, window, window_start, count) values (?, ?, ?, ?, 1)').run(tenants[0]!.id, 'k', window, start)

describe('retention of every append-only table', () => {
  test('every plan gives every data kind a retention period', () => {
    for (const plan of PLAN_CATALOG) for (const kind of DATA_KINDS) expect([plan.id, kind, plan.retentionDays[kind] > 0]).toEqual([plan.id, kind, true])
    const stored = s.query('select plan_id, data_kind from retention_policies').all() as { plan_id: string; data_kind: string }[]
    expect(stored.length).toBe(PLAN_CATALOG.length * DATA_KINDS.length)
  })

  test('retention.purge, retention.global and rate-limits.prune delete old rows and keep fresh and unfinished ones', async () => {
    await cli('jobs', 'run', 'retention.purge')
    await cli('jobs', 'run', 'retention.global')
    await cli('jobs', 'run', 'rate-limits.prune')
    for (const t of tenants) {
      const per = (table: string, time: string, extra = '') => [
        table,
        count(`select count(*) as n from ${table} where tenant_id = ? and ${time} = ?${extra}`, t.id, OLD),
        count(`select count(*) as n from ${table} where tenant_id = ? and ${time} = ?${extra}`, t.id, FRESH),
      ]
      expect(per('mcp_tool_calls', 'started_at')).toEqual(['mcp_tool_calls', 0, 1])
      expect(per('ask_questions', 'asked_at')).toEqual(['ask_questions', 0, 1])
      expect(per('email_outbox', 'created_at')).toEqual(['email_outbox', 1, 3])
      expect(per('email_outbox', 'created_at', " and status = 'pending'")).toEqual(['email_outbox', 1, 1])
      // The delivered event went with its delivery and attempts; the pending and unfanned stay.
      expect(per('events', 'occurred_at')).toEqual(['events', 2, 3])
      expect(per('webhook_deliveries', 'created_at')).toEqual(['webhook_deliveries', 1, 2])
      expect(per('webhook_attempts', 'started_at')).toEqual(['webhook_attempts', 1, 2])
      expect(per('ingest_batches', 'received_at')).toEqual(['ingest_batches', 0, 1])
      expect(per('mcp_sessions', 'last_seen_at')).toEqual(['mcp_sessions', 0, 1])
      expect(per('job_runs', 'started_at', " and job_name like 'x.%'")).toEqual(['job_runs', 1, 2])
      expect(per('job_runs', 'started_at', " and status = 'running'")).toEqual(['job_runs', 1, 1])
    }
    expect(count('select count(*) as n from mcp_tool_calls where tenant_id is null and started_at = ?', OLD)).toBe(0)
    expect(count('select count(*) as n from mcp_tool_calls where tenant_id is null and started_at = ?', FRESH)).toBe(1)
    expect(count("select count(*) as n from job_runs where tenant_id is null and job_name = 'backup.scheduled' and started_at = ?", OLD)).toBe(0)
    expect(count("select count(*) as n from job_runs where tenant_id is null and job_name = 'backup.scheduled' and started_at = ?", FRESH)).toBe(1)
    const windows = s.query('select window, window_start from rate_limit_counters where tenant_id = ? order by window').all(tenants[0]!.id)
    expect(windows).toEqual([
      { window: 'day', window_start: nowS - 3600 },
      { window: 'hour', window_start: nowS - 600 },
      { window: 'minute', window_start: nowS - 30 },
    ])
  })
})
