import { afterAll, describe, expect, test } from 'bun:test'
import { computeWorkloadAlerts } from '../../src/modules/dashboard/workload-alerts'
import { addAbsence } from '../../src/modules/absences/add-absence'
import { addHoliday } from '../../src/modules/absences/add-holiday'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { invoke } from '../../src/kernel/operation'
import type { TenantBoundCtx } from '../../src/kernel/ctx'
import { zonedTimeToInstant } from '../../src/kernel/time'
import { systemCtx } from '../../src/runtime'
import { jobWorld } from '../jobs/seed'

// Timesheet gaps need a past week of attendance, which the client API (real clock) cannot
// write: the days are written by the job tests' world (a real database), the holiday and the
// vacation through the real operations, and the alerts by the real rule.
const w = jobWorld()
afterAll(() => w.rt.cleanup())

const TZ = 'Europe/Berlin'
const local = (date: string, time: string) => zonedTimeToInstant(date, time, TZ)
const t = w.tenant({ createdAt: local('2026-06-01', '00:00'), timezone: TZ })
const ana = w.user(t.id, { name: 'Ana' })
const ben = w.user(t.id, { name: 'Ben' })
// Ana works Monday and Tuesday, then a company holiday (Wednesday) and her vacation (Thursday, Friday).
for (const d of ['2026-06-01', '2026-06-02']) w.log(t.id, ana, local(d, '09:00'), local(d, '17:00'), { gapFillDone: true })
// Ben works Monday only.
w.log(t.id, ben, local('2026-06-01', '09:00'), local('2026-06-01', '17:00'), { gapFillDone: true })
const ctxAt = (now: number) => systemCtx(w.rt, findTenantCtx(w.rt.db, t.id), 'cli', now) as TenantBoundCtx

describe('timesheet gaps respect holidays and time off', () => {
  test('a holiday and a vacation are not missing days', async () => {
    const ctx = ctxAt(local('2026-06-08', '08:00'))
    await invoke(addHoliday, ctx, { date: '2026-06-03', name: 'Company day' })
    await invoke(addAbsence, ctx, { user_id: ana, kind: 'vacation', start_date: '2026-06-04', end_date: '2026-06-05' })
    const gaps = computeWorkloadAlerts(ctx, '2026-06-08').filter((a) => a.kind === 'timesheet_gap')
    expect(gaps.map((g) => [g.userId === ana ? 'ana' : 'ben', g.details.missing_dates])).toEqual([['ben', ['2026-06-02', '2026-06-04', '2026-06-05']]])
  })
})
