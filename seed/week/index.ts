import type { DayPlan } from '../plan/types'
import type { DayContext } from '../render/day'
import { writePayrollPeriod, type PaidSheet } from './payroll'
import { writeTimesheet, type Flow } from './timesheets'

/**
 * Week-level records, written before the week's days so that time logs can point at their
 * timesheet: timesheets (one per person with closed logs) and the payroll period.
 */
export function writeWeek(c: DayContext, weekStart: string, weekPlans: DayPlan[][]): void {
  const { env, company } = c
  const weeksAgo = Math.round(env.cal.weekNumber(env.today) - env.cal.weekNumber(weekStart))
  // Every status appears whatever the hour: last week's late ones may not have happened yet.
  const owed = (
    weeksAgo === 1 ? ['rejected', 'auto_generated', 'draft'] : weeksAgo === 2 ? ['approved_after_rejection', 'rejected', 'auto_generated'] : []
  ) as Flow[]
  const paid: PaidSheet[] = []
  for (const person of company.people) {
    const logs = weekPlans.flatMap((day) => day[person.idx]!.logs).filter((l) => l.out !== null)
    if (logs.length === 0) continue
    const sheet = writeTimesheet({ env, company, person, logs, weekStart, weeksAgo, owed })
    if (sheet.status === 'approved' || sheet.status === 'auto_generated') paid.push({ person, seconds: sheet.seconds })
  }
  writePayrollPeriod(env, company, weekStart, weeksAgo, paid)
}
