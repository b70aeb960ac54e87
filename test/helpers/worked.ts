import type { WorkedMs } from '../../src/modules/time-tracking/worked-ms'

/**
 * A WorkedMs as the per-person, per-date Maps netMsByUserDate answers, without dates of 0 ms (a
 * column without time reads 0, as a missing date does): for comparing the two, and for reference
 * algorithms written over Maps.
 */
export function workedAsMaps(worked: WorkedMs): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>()
  for (const [userId, row] of worked.people()) {
    const perDate = new Map<string, number>()
    row.forEach((ms, i) => {
      if (ms !== 0) perDate.set(worked.dates[i]!, ms)
    })
    if (perDate.size > 0) out.set(userId, perDate)
  }
  return out
}
