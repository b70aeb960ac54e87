import type { TenantScope } from '../../kernel/ctx'
import { addDays } from '../../kernel/time'
import { teamMemberIds } from '../teams/membership'
import { HORIZON_DAYS, syncSchedules, today } from './materialize'
import { usersWithRecurringDays, type RecurringScheduleRow } from './schedule-queries'

const targetsOf = (c: TenantScope, r: RecurringScheduleRow): string[] => (r.userId ? [r.userId] : teamMemberIds(c, [r.teamId!]))

/**
 * Re-materializes the days a recurring schedule change touches: publishing writes from the
 * schedule's from date (`fromStart`), every other change (edit, unpublish, delete) from today on,
 * so past days stay what they were.
 */
export function resyncRecurring(c: TenantScope, versions: RecurringScheduleRow[], opts: { fromStart: boolean }): number {
  const t0 = today(c)
  const starts = versions.map((v) => v.fromDate)
  const from = opts.fromStart ? starts.reduce((a, b) => (a < b ? a : b)) : t0
  const users = new Set<string>()
  for (const v of versions) {
    for (const u of targetsOf(c, v)) users.add(u)
    for (const u of usersWithRecurringDays(c, v.id, from)) users.add(u)
  }
  return syncSchedules(c, { userIds: [...users], from, to: addDays(t0, HORIZON_DAYS) })
}
