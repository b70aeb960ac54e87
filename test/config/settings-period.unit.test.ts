import { describe, expect, test } from 'bun:test'
import { payPeriodRange, type PeriodRule } from '../../src/modules/timesheets/period'
import { localDate, startOfLocalDay } from '../../src/kernel/time'

const rule = (payPeriod: PeriodRule['payPeriod'], payPeriodAnchor: string | null = null, weekStart = 1): PeriodRule => ({
  payPeriod,
  payPeriodAnchor,
  weekStart,
})

describe('weekly periods start on the week start', () => {
  test('Monday weeks (default) and Sunday weeks', () => {
    // 2026-03-01 is a Sunday.
    expect(payPeriodRange(rule('weekly'), '2026-03-01')).toEqual({ start: '2026-02-23', end: '2026-03-01' })
    expect(payPeriodRange(rule('weekly', null, 7), '2026-03-01')).toEqual({ start: '2026-03-01', end: '2026-03-07' })
    expect(payPeriodRange(rule('weekly', null, 7), '2026-02-28')).toEqual({ start: '2026-02-22', end: '2026-02-28' })
  })
  test('a Saturday week crossing a year end', () => {
    // 2026-12-31 is a Thursday; the Saturday before is 2026-12-26.
    expect(payPeriodRange(rule('weekly', null, 6), '2026-12-31')).toEqual({ start: '2026-12-26', end: '2027-01-01' })
  })
})

describe('biweekly periods repeat from the anchor', () => {
  test('on, before and after the anchor (a Wednesday)', () => {
    expect(payPeriodRange(rule('biweekly', '2026-01-07'), '2026-01-07')).toEqual({ start: '2026-01-07', end: '2026-01-20' })
    expect(payPeriodRange(rule('biweekly', '2026-01-07'), '2026-01-20')).toEqual({ start: '2026-01-07', end: '2026-01-20' })
    expect(payPeriodRange(rule('biweekly', '2026-01-07'), '2026-01-21')).toEqual({ start: '2026-01-21', end: '2026-02-03' })
    expect(payPeriodRange(rule('biweekly', '2026-01-07'), '2026-01-06')).toEqual({ start: '2025-12-24', end: '2026-01-06' })
    // 56 days after the anchor, counted by hand: Jan 7 + 24 = Jan 31, + 28 = Feb 28, + 4 = Mar 4.
    expect(payPeriodRange(rule('biweekly', '2026-01-07'), '2026-03-10')).toEqual({ start: '2026-03-04', end: '2026-03-17' })
  })
  test('across a leap day', () => {
    // 2024-02-19 + 14 = 2024-03-04 (29 days in February 2024).
    expect(payPeriodRange(rule('biweekly', '2024-02-19'), '2024-02-29')).toEqual({ start: '2024-02-19', end: '2024-03-03' })
    expect(payPeriodRange(rule('biweekly', '2024-02-19'), '2024-03-04')).toEqual({ start: '2024-03-04', end: '2024-03-17' })
  })
  test('without an anchor: the fortnights of 2024-01-01 (unchanged default)', () => {
    expect(payPeriodRange(rule('biweekly'), '2024-01-14')).toEqual({ start: '2024-01-01', end: '2024-01-14' })
    expect(payPeriodRange(rule('biweekly'), '2023-12-31')).toEqual({ start: '2023-12-18', end: '2023-12-31' })
  })
})

describe('semimonthly periods', () => {
  test('1st-15th and 16th to the month end, in a leap February', () => {
    expect(payPeriodRange(rule('semimonthly'), '2024-02-15')).toEqual({ start: '2024-02-01', end: '2024-02-15' })
    expect(payPeriodRange(rule('semimonthly'), '2024-02-16')).toEqual({ start: '2024-02-16', end: '2024-02-29' })
    expect(payPeriodRange(rule('semimonthly'), '2026-12-31')).toEqual({ start: '2026-12-16', end: '2026-12-31' })
  })
})

describe('monthly periods start on the anchor day', () => {
  test('default: calendar months', () => {
    expect(payPeriodRange(rule('monthly'), '2024-02-10')).toEqual({ start: '2024-02-01', end: '2024-02-29' })
    expect(payPeriodRange(rule('monthly'), '2025-02-28')).toEqual({ start: '2025-02-01', end: '2025-02-28' })
  })
  test('anchor day 15', () => {
    expect(payPeriodRange(rule('monthly', '2026-01-15'), '2026-03-14')).toEqual({ start: '2026-02-15', end: '2026-03-14' })
    expect(payPeriodRange(rule('monthly', '2026-01-15'), '2026-03-15')).toEqual({ start: '2026-03-15', end: '2026-04-14' })
    expect(payPeriodRange(rule('monthly', '2026-01-15'), '2026-01-01')).toEqual({ start: '2025-12-15', end: '2026-01-14' })
  })
  test('anchor day 31 runs to the end of shorter months', () => {
    expect(payPeriodRange(rule('monthly', '2026-01-31'), '2026-02-27')).toEqual({ start: '2026-01-31', end: '2026-02-27' })
    expect(payPeriodRange(rule('monthly', '2026-01-31'), '2026-02-28')).toEqual({ start: '2026-02-28', end: '2026-03-30' })
    expect(payPeriodRange(rule('monthly', '2024-01-31'), '2024-02-29')).toEqual({ start: '2024-02-29', end: '2024-03-30' })
    expect(payPeriodRange(rule('monthly', '2026-01-31'), '2026-03-31')).toEqual({ start: '2026-03-31', end: '2026-04-29' })
  })
  test('every date falls in exactly one period, periods touch (two years, anchor 30)', () => {
    let prev: { start: string; end: string } | null = null
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 86_400_000) {
      const date = new Date(ms).toISOString().slice(0, 10)
      const p = payPeriodRange(rule('monthly', '2025-05-30'), date)
      expect(p.start <= date && date <= p.end).toBe(true)
      if (prev && prev.end < date) expect(p.start).toBe(date)
      prev = p
    }
  })
})

describe('periods are local dates: DST does not move them', () => {
  test('a biweekly period over the Berlin spring-forward covers 14 local days, one hour short', () => {
    const p = payPeriodRange(rule('biweekly', '2026-03-23'), '2026-03-29') // DST starts 2026-03-29 in Europe
    expect(p).toEqual({ start: '2026-03-23', end: '2026-04-05' })
    const hours = (startOfLocalDay('2026-04-06', 'Europe/Berlin') - startOfLocalDay(p.start, 'Europe/Berlin')) / 3_600_000
    expect(hours).toBe(14 * 24 - 1)
    expect(localDate(startOfLocalDay('2026-03-29', 'Europe/Berlin') + 23 * 3_600_000 - 1, 'Europe/Berlin')).toBe('2026-03-29')
  })
})
