import type { TenantBoundCtx } from '../../kernel/ctx'
import { toIso } from '../../kernel/time'
import { checkBudgetAlert } from '../projects/budget'
import { getProjectInTenant } from '../projects/queries'
import { emit } from '../webhooks/outbox-queries'
import type { Point } from './geofence'
import type { TimeLogRow } from './queries'

/** How a work session ended: by the person's clock-out, or by the auto clock-out job. */
export interface SessionEnd {
  clockOutAt: number
  blocksGenerated: number
  autoClosed: boolean
  /** Where the person clocked out (a clock-out with coordinates); null otherwise. */
  point: Point | null
}

/**
 * What follows a closed work session, whichever way it ended (clock-out.ts, auto-close.ts), in
 * the closing transaction: clock.out, then the session's project checked against its budget with
 * these hours in it (project.budget_alert once it crosses its threshold).
 */
export function announceSessionClosed(c: TenantBoundCtx, log: TimeLogRow, user: { id: string; email: string; name: string }, end: SessionEnd): void {
  emit(c, 'clock.out', {
    timeLogId: log.id,
    userId: user.id,
    userEmail: user.email,
    userName: user.name,
    clockInAt: toIso(log.clockInAt),
    clockOutAt: toIso(end.clockOutAt),
    durationSeconds: Math.round((end.clockOutAt - log.clockInAt) / 1000),
    blocksGenerated: end.blocksGenerated,
    autoClosed: end.autoClosed,
    latitude: end.point?.latitude ?? null,
    longitude: end.point?.longitude ?? null,
  })
  if (log.projectId) checkBudgetAlert(c, getProjectInTenant(c, log.projectId))
}
