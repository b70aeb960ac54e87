import { callerUserId } from '../../kernel/access'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { toIso, hoursFromSeconds } from '../../kernel/time'
import { getUserInTenant } from '../users/queries'
import { emit } from '../webhooks/outbox-queries'
import { getTimesheetInTenant } from './timesheet-queries'
import { assertCanDecide, timesheetView } from './timesheet-access'
import { transition } from './transitions'

/**
 * Approves or rejects a timesheet in one transaction: tenant lookup (404), who may decide
 * (forbidden), the state machine (conflict), then the status change, its history row and the
 * event. The approved payload is exactly the spec's; nothing else is added to it.
 */
export function decideTimesheet(ctx: TenantBoundCtx, timesheetId: string, decision: 'approved' | 'rejected', reason: string | null) {
  const deciderId = callerUserId(ctx)
  return inTransaction(ctx, (c) => {
    const sheet = getTimesheetInTenant(c, timesheetId)
    assertCanDecide(c, sheet)
    const decided = transition(c, sheet, decision, {
      actorUserId: deciderId,
      reason,
      patch: { decidedAt: c.now, decidedByUserId: deciderId, rejectionReason: reason },
    })
    const base = {
      userEmail: getUserInTenant(c, sheet.userId).email,
      periodStart: decided.periodStart,
      periodEnd: decided.periodEnd,
      totalHours: hoursFromSeconds(decided.totalSeconds),
    }
    const deciderEmail = getUserInTenant(c, deciderId).email
    if (decision === 'approved') {
      emit(c, 'timesheet.approved', { ...base, approvedByEmail: deciderEmail, approvedAt: toIso(c.now) })
    } else {
      emit(c, 'timesheet.rejected', { timesheetId: sheet.id, ...base, rejectedByEmail: deciderEmail, rejectedAt: toIso(c.now), reason: reason ?? '' })
    }
    return { timesheet: timesheetView(c, decided) }
  })
}
