import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TenantBoundCtx } from '../../src/kernel/ctx'
import { inTransaction } from '../../src/kernel/db'
import { newId } from '../../src/kernel/ids'
import { loadConfig } from '../../src/kernel/config'
import { silentLogger } from '../../src/kernel/log'
import { addDays, localDate } from '../../src/kernel/time'
import { openRuntime, systemCtxFor, type Runtime } from '../../src/runtime'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { insertUser } from '../../src/modules/users/queries'
import { RECOMPUTE_DAYS, recomputeCategories, recomputeWindow } from '../../src/modules/activity/recategorize'

/**
 * recomputeCategories for some people only: what the people area calls when someone's work
 * profile changes (the rules stay, the person's defaults change). And the window: 31 days, never
 * past the plan's retention of activity samples.
 */

const dir = mkdtempSync(join(tmpdir(), 'wf-recompute-'))
let rt: Runtime
let ctx: TenantBoundCtx
const dev = newId()
const other = newId()

const sampleCategory = (userId: string) =>
  (rt.handle.sqlite.query('select category from activity_samples where user_id = ?').get(userId) as { category: string }).category

beforeAll(() => {
  rt = openRuntime(loadConfig({ dataDir: dir, logLevel: 'silent' }), silentLogger)
  const { tenant } = createTenant(
    rt.db,
    { name: 'Recompute Co', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'O', email: 'o@recompute.test' } },
    Date.now(),
  )
  ctx = systemCtxFor(rt, findTenantCtx(rt.db, tenant.id)!)
  for (const id of [dev, other]) insertUser(ctx, { id, name: id, email: `${id}@recompute.test`, role: 'employee', status: 'active', createdAt: ctx.now })
  const yesterday = addDays(localDate(ctx.now, 'UTC'), -1)
  const insert = rt.handle.sqlite.prepare(
    "insert into activity_samples (tenant_id, user_id, application, category, started_at, duration_seconds, is_idle, local_date) values (?, ?, 'Visual Studio Code', 'neutral', ?, 600, 0, ?)",
  )
  for (const id of [dev, other]) insert.run(tenant.id, id, Date.parse(`${yesterday}T10:00:00Z`), yesterday)
  // Both are "operations" people: VS Code neutral. One becomes an engineer.
  rt.handle.sqlite.prepare("update users set work_profile = 'engineering'").run()
})
afterAll(() => {
  rt.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('recomputeCategories', () => {
  test('for one person recategorises only their samples', () => {
    const out = inTransaction(ctx, (c) => recomputeCategories(c, [dev]))
    expect(out.samples_recategorized).toBe(1)
    expect(sampleCategory(dev)).toBe('productive')
    expect(sampleCategory(other)).toBe('neutral')
    inTransaction(ctx, (c) => recomputeCategories(c))
    expect(sampleCategory(other)).toBe('productive')
  })

  test('the window is 31 days, or the retention of activity samples when shorter', () => {
    const today = localDate(ctx.now, 'UTC')
    expect(recomputeWindow(ctx)).toEqual({ from: addDays(today, -(RECOMPUTE_DAYS - 1)), to: today })
    rt.handle.sqlite.prepare("update retention_policies set retention_days = 7 where data_kind = 'activity_samples'").run()
    expect(recomputeWindow(ctx)).toEqual({ from: addDays(today, -7), to: today })
  })
})
