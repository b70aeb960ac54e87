import type { PayPeriod } from '../tenants/schema'
import { addDays, daysBetween, monthEnd, monthStart, weekStartOn } from '../../kernel/time'

/**
 * When no anchor is set, biweekly periods are pairs of weeks counted from the week holding this
 * date, so every such tenant's fortnights line up and a date always falls in the same period.
 */
const BIWEEKLY_DEFAULT_ANCHOR = '2024-01-01'

/** What decides pay (and timesheet) periods: the company settings pay_period, pay_period_anchor and week_start. */
export interface PeriodRule {
  payPeriod: PayPeriod
  /** A date a period starts on (YYYY-MM-DD): biweekly periods repeat from it, monthly ones start on its day of month. */
  payPeriodAnchor: string | null
  /** ISO weekday weeks start on: 1 = Monday … 7 = Sunday. */
  weekStart: number
}

/** The first day of the week holding `date`, for weeks starting on ISO weekday `weekStart`. */

/** Day `day` of the month of `date`, or the month's last day when it is shorter. */
const dayOfMonth = (date: string, day: number): string => {
  const last = Number(monthEnd(date).slice(8, 10))
  return `${date.slice(0, 7)}-${String(Math.min(day, last)).padStart(2, '0')}`
}

/** The first day of the month after the month of `date`. */
const nextMonth = (date: string): string => addDays(monthEnd(date), 1)

/**
 * The pay period (and so the timesheet period) holding a tenant-local date:
 * - weekly: seven days from the company's week start;
 * - biweekly: fourteen days repeating from the anchor (default: the week of 2024-01-01);
 * - semimonthly: the 1st-15th and the 16th-last day of the month;
 * - monthly: from the anchor's day of month (default the 1st) to the day before it next month;
 *   an anchor day a month lacks (the 31st in April) is that month's last day.
 */
export function payPeriodRange(rule: PeriodRule, date: string): { start: string; end: string } {
  switch (rule.payPeriod) {
    case 'weekly': {
      const start = weekStartOn(date, rule.weekStart)
      return { start, end: addDays(start, 6) }
    }
    case 'biweekly': {
      const anchor = rule.payPeriodAnchor ?? weekStartOn(BIWEEKLY_DEFAULT_ANCHOR, rule.weekStart)
      const index = Math.floor(daysBetween(anchor, date) / 14)
      const start = addDays(anchor, index * 14)
      return { start, end: addDays(start, 13) }
    }
    case 'semimonthly':
      return Number(date.slice(8, 10)) <= 15
        ? { start: monthStart(date), end: `${date.slice(0, 7)}-15` }
        : { start: `${date.slice(0, 7)}-16`, end: monthEnd(date) }
    case 'monthly': {
      const day = rule.payPeriodAnchor ? Number(rule.payPeriodAnchor.slice(8, 10)) : 1
      const thisStart = dayOfMonth(date, day)
      if (date >= thisStart) return { start: thisStart, end: addDays(dayOfMonth(nextMonth(date), day), -1) }
      const prevStart = dayOfMonth(addDays(monthStart(date), -1), day)
      return { start: prevStart, end: addDays(thisStart, -1) }
    }
  }
}
