import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { addDays, startOfLocalDay, toIso, hoursFromSeconds } from '../../kernel/time'
import { findTenantById } from '../tenants/queries'
import { linkTimeLogs } from '../time-tracking/timesheet-link-queries'
import { userIdsOwingTimesheet } from '../time-tracking/worked-time-read-model'
import { employmentOf } from '../users/employment-queries'
import { emitAll, type EventInput } from '../webhooks/outbox-queries'
import { timesheetContent } from './build-timesheet'
import { payPeriodRange } from './period'
import { findTimesheetForPeriod } from './timesheet-queries'
import { createTimesheet } from './transitions'

/**
 * When `date` is the last day of a pay period: creates an auto_generated timesheet (with its
 * history row and timesheet.auto_generated) for each active user with closed time logs in the
 * period who did not submit, built like a submission. Other dates do nothing. Idempotent: a user
 * with a timesheet for the period is left alone. Returns the timesheets created.
 */
export function autoGenerateTimesheets(ctx: TenantBoundCtx, date: string): number {
  const tenant = findTenantById(ctx.db, ctx.tenant.id)
  if (!tenant) return 0
  const period = payPeriodRange(tenant, date)
  if (period.end !== date) return 0
  const tz = ctx.tenant.timezone
  const owingIds = userIdsOwingTimesheet(ctx, period.start, startOfLocalDay(period.start, tz), startOfLocalDay(addDays(period.end, 1), tz))
  const owing = employmentOf(ctx, owingIds)
    .filter((u) => u.status === 'active')
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  if (owing.length === 0) return 0
  return inTransaction(ctx, (c) => {
    const events: EventInput[] = []
    for (const user of owing) {
      if (findTimesheetForPeriod(c, user.id, period.start)) continue
      const content = timesheetContent(c, user.id, period, null)
      if (content.logIds.length === 0) continue
      const sheet = createTimesheet(
        c,
        { userId: user.id, periodStart: period.start, periodEnd: period.end, totalSeconds: content.totalSeconds },
        'auto_generated',
        null,
      )
      linkTimeLogs(c, sheet.id, content.logIds)
      events.push({
        type: 'timesheet.auto_generated',
        data: {
          timesheetId: sheet.id,
          userId: user.id,
          userEmail: user.email,
          periodStart: sheet.periodStart,
          periodEnd: sheet.periodEnd,
          totalHours: hoursFromSeconds(sheet.totalSeconds),
          generatedAt: toIso(ctx.now),
        },
      })
    }
    return emitAll(c, events)
  })
}
