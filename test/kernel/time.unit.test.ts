import { describe, expect, test } from 'bun:test'
import { addDays, dateRange, isoWeekday, localDate, periodRange, startOfLocalDay, weekStart, zonedTimeToInstant } from '../../src/kernel/time'

describe('time helpers', () => {
  test('local dates follow the tenant zone across midnight', () => {
    const instant = Date.parse('2026-03-01T23:30:00Z')
    expect(localDate(instant, 'UTC')).toBe('2026-03-01')
    expect(localDate(instant, 'Europe/Berlin')).toBe('2026-03-02')
    expect(localDate(instant, 'America/New_York')).toBe('2026-03-01')
  })

  test('local wall-clock times map to instants on both sides of a DST change', () => {
    // Berlin springs forward on 2026-03-29: 09:00 is UTC+2 after, UTC+1 the day before.
    expect(new Date(zonedTimeToInstant('2026-03-28', '09:00', 'Europe/Berlin')).toISOString()).toBe('2026-03-28T08:00:00.000Z')
    expect(new Date(zonedTimeToInstant('2026-03-30', '09:00', 'Europe/Berlin')).toISOString()).toBe('2026-03-30T07:00:00.000Z')
    // New York falls back on 2026-11-01: that local day lasts 25 hours.
    const day = startOfLocalDay('2026-11-02', 'America/New_York') - startOfLocalDay('2026-11-01', 'America/New_York')
    expect(day).toBe(25 * 3600_000)
  })

  test('weeks start on Monday and named periods cover whole weeks and months', () => {
    expect(isoWeekday('2026-11-22')).toBe(7)
    expect(weekStart('2026-11-22')).toBe('2026-11-16')
    expect(periodRange('this_week', '2026-11-22')).toEqual({ start: '2026-11-16', end: '2026-11-22' })
    expect(periodRange('last_week', '2026-11-22')).toEqual({ start: '2026-11-09', end: '2026-11-15' })
    expect(periodRange('last_month', '2026-03-15')).toEqual({ start: '2026-02-01', end: '2026-02-28' })
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
  })

  test('remembered periods and date ranges: the same answer every time, and nobody can change it', () => {
    const week = periodRange('this_week', '2026-03-29')
    expect(week).toEqual({ start: '2026-03-23', end: '2026-03-29' })
    expect(periodRange('this_week', '2026-03-29')).toBe(week)
    expect(Object.isFrozen(week)).toBe(true)
    expect(periodRange('this_month', '2026-02-10')).toEqual({ start: '2026-02-01', end: '2026-02-28' })

    const days = dateRange('2026-03-27', '2026-03-30')
    expect(days).toEqual(['2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30'])
    expect(dateRange('2026-03-27', '2026-03-30')).toBe(days)
    expect(() => (days as string[]).push('2026-03-31')).toThrow(TypeError)
    expect(dateRange('2026-03-27', '2026-03-30')).toHaveLength(4)
    expect(dateRange('2026-03-30', '2026-03-27')).toEqual([])
    // A long range is built each time: a fresh array, every date once, in order.
    const year = dateRange('2026-01-01', '2026-12-31')
    expect(year).toHaveLength(365)
    expect(year[0]).toBe('2026-01-01')
    expect(year[58]).toBe('2026-02-28')
    expect(year[59]).toBe('2026-03-01')
    expect(year[364]).toBe('2026-12-31')
    expect(dateRange('2026-01-01', '2026-12-31')).not.toBe(year)
  })
})
