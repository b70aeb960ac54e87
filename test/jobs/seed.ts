import type { Job } from '../../src/kernel/job'
import { newId } from '../../src/kernel/ids'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { runJobTick, type JobRunOptions } from '../../src/modules/jobs/runner'
import { nextRunAfter } from '../../src/surfaces/jobs'
import type { PlanId } from '../../src/modules/tenants/schema'
import { tempRuntime } from '../helpers/db'

/**
 * Starting state for job tests on a real migrated database: tenants, people, time logs, shifts,
 * samples and breaks written as the product's own paths would have left them. Jobs then run
 * through runJobTick with a controlled clock; assertions read the rows and events they wrote.
 */
export function jobWorld() {
  const rt = tempRuntime()
  const sqlite = rt.handle.sqlite
  let seq = 0
  const world = {
    rt,
    sqlite,
    tenant(opts: { name?: string; timezone?: string; createdAt: number; plan?: PlanId; payPeriod?: string; autoClockOutHours?: number }) {
      const n = ++seq
      const { tenant, owner } = createTenant(
        rt.db,
        {
          name: opts.name ?? `Jobs ${n}`,
          planId: opts.plan ?? 'business',
          timezone: opts.timezone ?? 'UTC',
          isDemo: false,
          owner: { name: `Owner ${n}`, email: `owner${n}@jobs.test` },
        },
        opts.createdAt,
      )
      if (opts.payPeriod) sqlite.prepare('update tenants set pay_period = ? where id = ?').run(opts.payPeriod, tenant.id)
      if (opts.autoClockOutHours !== undefined)
        sqlite.prepare('update tenants set auto_clock_out_hours = ? where id = ?').run(opts.autoClockOutHours, tenant.id)
      return { id: tenant.id, readableId: tenant.readableId, ownerId: owner.id }
    },
    user(tenantId: number, opts: { name?: string; weeklyHours?: number; status?: string; role?: string } = {}) {
      const id = newId()
      const name = opts.name ?? `User ${++seq}`
      sqlite
        .prepare(
          "insert into users (id, tenant_id, name, email, role, status, work_profile, weekly_hours, created_at) values (?, ?, ?, ?, ?, ?, 'engineering', ?, 0)",
        )
        .run(
          id,
          tenantId,
          name,
          `${name.toLowerCase().replace(/\W+/g, '.')}.${seq}@jobs.test`,
          opts.role ?? 'employee',
          opts.status ?? 'active',
          opts.weeklyHours ?? 40,
        )
      return id
    },
    log(tenantId: number, userId: string, clockInAt: number, clockOutAt: number | null, opts: { source?: string; gapFillDone?: boolean } = {}) {
      const id = newId()
      sqlite
        .prepare(
          'insert into time_logs (id, tenant_id, user_id, clock_in_at, clock_out_at, status, source, gap_fill_done_at, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          id,
          tenantId,
          userId,
          clockInAt,
          clockOutAt,
          clockOutAt === null ? 'open' : 'closed',
          opts.source ?? 'import',
          opts.gapFillDone ? clockOutAt : null,
          clockInAt,
        )
      return id
    },
    shift(tenantId: number, userId: string, date: string, startsAt: number, endsAt: number, breakMinutes = 0) {
      sqlite
        .prepare(
          "insert into shift_schedules (id, tenant_id, user_id, date, starts_at, ends_at, break_minutes, status, created_at) values (?, ?, ?, ?, ?, ?, ?, 'scheduled', 0)",
        )
        .run(newId(), tenantId, userId, date, startsAt, endsAt, breakMinutes)
    },
    breakOn(tenantId: number, userId: string, timeLogId: string, startedAt: number, endedAt: number | null) {
      sqlite
        .prepare("insert into breaks (id, tenant_id, user_id, time_log_id, kind, started_at, ended_at) values (?, ?, ?, ?, 'break', ?, ?)")
        .run(newId(), tenantId, userId, timeLogId, startedAt, endedAt)
    },
    sample(tenantId: number, userId: string, startedAt: number, seconds: number, localDate: string) {
      sqlite
        .prepare(
          "insert into activity_samples (tenant_id, user_id, application, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, 'VS Code', 'productive', ?, ?, 0, ?)",
        )
        .run(tenantId, userId, startedAt, seconds, localDate)
    },
    tick(job: Job, now: number, options?: JobRunOptions) {
      return runJobTick(rt, job, now, (t) => nextRunAfter(job.pattern, t), options)
    },
    count(sql: string, ...args: (string | number)[]) {
      return (sqlite.query(sql).get(...args) as { n: number }).n
    },
    events(tenantId: number, type: string): Record<string, unknown>[] {
      const rows = sqlite.query('select data from events where tenant_id = ? and type = ? order by occurred_at, rowid').all(tenantId, type) as {
        data: string
      }[]
      return rows.map((r) => JSON.parse(r.data) as Record<string, unknown>)
    },
    /** Every row a job may write, to show that a second run changed nothing. */
    snapshot(tenantId: number) {
      const tables = ['time_logs', 'activity_blocks', 'breaks', 'events', 'workload_alerts', 'timesheets', 'timesheet_status_history', 'payroll_periods']
      return Object.fromEntries(tables.map((t) => [t, sqlite.query(`select * from ${t} where tenant_id = ? order by rowid`).all(tenantId)]))
    },
  }
  return world
}
