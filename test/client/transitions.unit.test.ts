import { describe, expect, test } from 'bun:test'
import { canTransition } from '../../src/modules/timesheets/transitions'
import { TIMESHEET_STATUSES, type TimesheetStatus } from '../../src/modules/timesheets/schema'
import { payPeriodRange } from '../../src/modules/timesheets/period'

// The machine of the brief, written out independently of the implementation's table.
const ALLOWED = new Set([
  'null>draft',
  'null>auto_generated',
  'draft>submitted',
  'rejected>submitted',
  'submitted>approved',
  'submitted>rejected',
  'auto_generated>approved',
  'auto_generated>rejected',
])

describe('timesheet transitions', () => {
  for (const from of [null, ...TIMESHEET_STATUSES] as (TimesheetStatus | null)[]) {
    for (const to of TIMESHEET_STATUSES) {
      const legal = ALLOWED.has(`${from}>${to}`)
      test(`${from ?? 'nothing'} -> ${to} is ${legal ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(from, to)).toBe(legal)
      })
    }
  }
})

const rule = (payPeriod: 'weekly' | 'biweekly' | 'semimonthly' | 'monthly') => ({ payPeriod, payPeriodAnchor: null, weekStart: 1 })

describe('pay periods', () => {
  test('weekly periods run Monday to Sunday', () => {
    expect(payPeriodRange(rule('weekly'), '2026-03-01')).toEqual({ start: '2026-02-23', end: '2026-03-01' })
    expect(payPeriodRange(rule('weekly'), '2026-03-02')).toEqual({ start: '2026-03-02', end: '2026-03-08' })
  })
  test('biweekly periods are fixed fortnights from Monday 2024-01-01', () => {
    expect(payPeriodRange(rule('biweekly'), '2024-01-14')).toEqual({ start: '2024-01-01', end: '2024-01-14' })
    expect(payPeriodRange(rule('biweekly'), '2024-01-15')).toEqual({ start: '2024-01-15', end: '2024-01-28' })
    expect(payPeriodRange(rule('biweekly'), '2023-12-31')).toEqual({ start: '2023-12-18', end: '2023-12-31' })
  })
  test('semimonthly and monthly periods follow the calendar', () => {
    expect(payPeriodRange(rule('semimonthly'), '2026-02-15')).toEqual({ start: '2026-02-01', end: '2026-02-15' })
    expect(payPeriodRange(rule('semimonthly'), '2026-02-16')).toEqual({ start: '2026-02-16', end: '2026-02-28' })
    expect(payPeriodRange(rule('monthly'), '2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' })
  })
})
