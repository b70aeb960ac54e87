import type { TenantBoundCtx } from '../../kernel/ctx'
import { recomputeCategories } from '../activity/recategorize'
import { syncPersonSchedules } from '../shifts/materialize'

/**
 * What follows a change of a person's teams, in the transaction of that change: team category
 * rules score their past days again, and team schedules give or take their days from today.
 */
export function personTeamsChanged(c: TenantBoundCtx, userId: string): void {
  recomputeCategories(c, [userId])
  syncPersonSchedules(c, userId)
}
