import type { PayPeriod } from '../tenants/schema'
import { addDays, daysBetween, monthEnd, monthStart, weekStart } from '../../kernel/time'

/**
 * Biweekly periods are pairs of ISO weeks counted from this Monday, so every tenant's fortnights
 * line up and a date always falls in the same period.
 */
const BIWEEKLY_ANCHOR = '2024-01-01'

/**
 * The pay period (and so the timesheet period) holding a tenant-local date: weekly Monday to
 * Sunday; biweekly two such weeks from BIWEEKLY_ANCHOR; semimonthly the 1st-15th and the
 * 16th-last day; monthly the calendar month.
 */
export function payPeriodRange(payPeriod: PayPeriod, date: string): { start: string; end: string } {
  switch (payPeriod) {
    case 'weekly':
      return { start: weekStart(date), end: addDays(weekStart(date), 6) }
    case 'biweekly': {
      const index = Math.floor(daysBetween(BIWEEKLY_ANCHOR, weekStart(date)) / 14)
      const start = addDays(BIWEEKLY_ANCHOR, index * 14)
      return { start, end: addDays(start, 13) }
    }
    case 'semimonthly':
      return Number(date.slice(8, 10)) <= 15
        ? { start: monthStart(date), end: `${date.slice(0, 7)}-15` }
        : { start: `${date.slice(0, 7)}-16`, end: monthEnd(date) }
    case 'monthly':
      return { start: monthStart(date), end: monthEnd(date) }
  }
}
