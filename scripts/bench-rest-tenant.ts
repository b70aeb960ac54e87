/** The tenant scripts/bench-rest.ts measures against. */
import { randomUUID } from 'node:crypto'

const DAY = 86_400_000

const APPS = [
  ['Visual Studio Code', 'productive'],
  ['iTerm2', 'productive'],
  ['GitHub', 'productive'],
  ['Jira', 'productive'],
  ['Slack', 'neutral'],
  ['Zoom', 'neutral'],
  ['Outlook', 'neutral'],
  ['YouTube', 'unproductive'],
] as const

/**
 * The benchmark's demo tenant (Business plan) with N employees in teams of 50: 10 tasks each, a
 * full working day yesterday (time logs 08:00-17:00, a sample every 5 minutes, daily summaries
 * from the job's own upsert) and today so far (80% clocked in for up to 6 hours, samples up to
 * now, not summarised). Returns an Admin-role read token.
 */
export async function seedBenchTenant(dataDir: string, employees: number): Promise<string> {
  const { loadConfig } = await import('../src/kernel/config')
  const { openRuntime } = await import('../src/runtime')
  const { createTenant } = await import('../src/modules/tenants/create-tenant')
  const { issueKey } = await import('../src/modules/api-keys/issue-key')
  const { transaction } = await import('../src/kernel/db')
  const { upsertDailySummaries } = await import('../src/modules/activity/summary-queries')
  const { baselineFrom } = await import('../src/modules/activity/daily-summaries')
  const { projects, tasks, teamMemberships, teams, users } = await import('../src/db/schema')
  const rt = openRuntime(loadConfig({ dataDir, logLevel: 'silent' }))
  const now = Date.now()
  const { tenant } = createTenant(
    rt.db,
    { name: 'Bench Co (demo)', planId: 'business', timezone: 'UTC', isDemo: true, owner: { name: 'Owner', email: 'owner@bench.test' } },
    now,
  )
  const token = issueKey(
    { tenant, db: rt.db, now },
    { kind: 'api', scope: 'read', role: 'admin', name: 'bench', userId: null, createdByUserId: null, expiresAt: null },
  ).key
  const sqlite = rt.handle.sqlite
  const sample = sqlite.prepare(
    'insert into activity_samples (tenant_id, user_id, application, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const log = sqlite.prepare(
    `insert into time_logs (id, tenant_id, user_id, clock_in_at, clock_out_at, status, source, created_at) values (?, ?, ?, ?, ?, ?, 'seed', ?)`,
  )
  const day = (date: string, hour: number) => Date.parse(`${date}T00:00:00Z`) + hour * 3_600_000
  const today = new Date(now).toISOString().slice(0, 10)
  const yesterday = new Date(now - DAY).toISOString().slice(0, 10)
  /** One sample every 5 minutes over [from, to): mostly work, some chat, a little idle and video. */
  const work = (userId: string, i: number, from: number, to: number, date: string) => {
    for (let at = from, k = i; at + 300_000 <= to; at += 300_000, k++) {
      const [app, category] = APPS[(k * 7 + i) % APPS.length]!
      sample.run(tenant.id, userId, app, category, at, 300, k % 11 === 0 ? 1 : 0, date)
    }
  }
  transaction(rt.db, (tx) => {
    const teamIds = Array.from({ length: Math.max(1, Math.ceil(employees / 50)) }, (_, i) => {
      const id = randomUUID()
      tx.insert(teams)
        .values({ id, tenantId: tenant.id, name: `Team ${String(i + 1).padStart(2, '0')}`, createdAt: now })
        .run()
      return id
    })
    const projectIds = Array.from({ length: 50 }, (_, i) => {
      const id = randomUUID()
      tx.insert(projects)
        .values({ id, tenantId: tenant.id, name: `Project ${i + 1}`, status: 'active', budgetHours: 1000, createdAt: now, updatedAt: now })
        .run()
      return id
    })
    const statuses = ['todo', 'in_progress', 'blocked', 'in_review', 'done'] as const
    for (let i = 0; i < employees; i++) {
      const id = randomUUID()
      const teamId = teamIds[i % teamIds.length]!
      tx.insert(users)
        .values({
          id,
          tenantId: tenant.id,
          name: `Employee ${String(i + 1).padStart(4, '0')}`,
          email: `e${i + 1}@bench.test`,
          role: 'employee',
          status: 'active',
          primaryTeamId: teamId,
          createdAt: now,
          activatedAt: now,
        })
        .run()
      tx.insert(teamMemberships).values({ tenantId: tenant.id, teamId, userId: id, joinedAt: now }).run()
      for (let k = 0; k < 10; k++) {
        const due = new Date(now + ((i * 10 + k) % 120) * DAY).toISOString().slice(0, 10)
        const createdAt = now - (i * 10 + k) * 60_000
        tx.insert(tasks)
          .values({
            id: randomUUID(),
            tenantId: tenant.id,
            projectId: projectIds[(i + k) % 50]!,
            title: `Task ${k + 1} of employee ${i + 1}`,
            status: statuses[(i + k) % 5]!,
            assigneeUserId: id,
            dueDate: due,
            createdAt,
            updatedAt: createdAt,
          })
          .run()
      }
      // Yesterday: 08:00 to 17:00 give or take a few minutes.
      const start = day(yesterday, 8) + (i % 30) * 60_000
      log.run(randomUUID(), tenant.id, id, start, start + 9 * 3_600_000, 'closed', start)
      work(id, i, start, start + 9 * 3_600_000, yesterday)
      // Today: 80% clocked in for up to 6 hours so far.
      if (i % 5 !== 0) {
        const since = Math.max(day(today, 0), now - 6 * 3_600_000 + (i % 30) * 60_000)
        log.run(randomUUID(), tenant.id, id, since, null, 'open', since)
        work(id, i, since, now, today)
      }
    }
    upsertDailySummaries({ tenant, db: tx, now }, yesterday, baselineFrom(yesterday))
  })
  rt.close()
  return token
}
