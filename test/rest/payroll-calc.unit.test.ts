import { describe, expect, test } from 'bun:test'
import { calculatePayroll, secondsByDate, splitOvertimeByDay } from '../../src/modules/payroll/calculate'
import { csvField, payRunCsv } from '../../src/modules/payroll/pay-run-csv'
import { resolveRate } from '../../src/modules/payroll/rates'
import type { PayrollPerson } from '../../src/modules/payroll/people-queries'
import type { RateCardRow } from '../../src/modules/payroll/queries'

const H = 3600
const person = (over: Partial<PayrollPerson> = {}): PayrollPerson => ({
  id: 'u1',
  name: 'Ann',
  email: 'ann@x.test',
  primaryTeamId: 't1',
  workProfile: 'support',
  role: 'employee',
  weeklyHours: 40,
  costCenterId: null,
  ...over,
})
const card = (over: Partial<RateCardRow>): RateCardRow => ({
  id: 'c',
  tenantId: 1,
  name: 'card',
  userId: null,
  teamId: null,
  role: null,
  workProfile: null,
  hourlyRateCents: 1000,
  overtimeMultiplier: 1.5,
  currency: 'USD',
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  createdAt: 0,
  ...over,
})
const log = (date: string, hours: number, userId = 'u1') => ({ userId, clockInAt: Date.parse(`${date}T09:00:00Z`), workedSeconds: hours * H })

const splitOvertime = (logs: { userId: string; clockInAt: number; workedSeconds: number }[], weeklyHours: number, tz: string) => {
  const days = splitOvertimeByDay(secondsByDate(logs, tz), { dailySeconds: null, weeklySeconds: weeklyHours * H, weekStart: 1 })
  return { regular: days.reduce((a, d) => a + d.regular, 0), overtime: days.reduce((a, d) => a + d.overtime, 0) }
}

describe('splitOvertime', () => {
  test('counts hours above the weekly contract per Monday-Sunday week', () => {
    // Week 1 (Mon 5 Oct): 44 h → 4 h overtime; week 2: 38 h → none.
    const logs = [...[5, 6, 7, 8].map((d) => log(`2026-10-0${d}`, 11)), log('2026-10-12', 38)]
    expect(splitOvertime(logs, 40, 'UTC')).toEqual({ regular: 78 * H, overtime: 4 * H })
  })

  test('uses the tenant time zone to place a log in its week', () => {
    // Sunday 23:30 UTC is already Monday in Berlin: the two logs fall in different Berlin weeks.
    const sundayNight = { userId: 'u1', clockInAt: Date.parse('2026-10-11T23:30:00Z'), workedSeconds: 30 * H }
    const monday = log('2026-10-12', 30)
    expect(splitOvertime([sundayNight, monday], 40, 'UTC').overtime).toBe(0)
    expect(splitOvertime([sundayNight, monday], 40, 'Europe/Berlin').overtime).toBe(20 * H)
  })
})

describe('resolveRate', () => {
  const cards = [
    card({ id: 'default' }),
    card({ id: 'profile', workProfile: 'support' }),
    card({ id: 'team', teamId: 't1' }),
    card({ id: 'user', userId: 'u1' }),
  ]
  test('prefers user, then team, then work profile, then the tenant default', () => {
    expect(resolveRate(cards, person())).toMatchObject({ source: 'user', card: { id: 'user' } })
    expect(resolveRate(cards, person({ id: 'u2' }))).toMatchObject({ source: 'team', card: { id: 'team' } })
    expect(resolveRate(cards, person({ id: 'u2', primaryTeamId: 't9' }))).toMatchObject({ source: 'work_profile' })
    expect(resolveRate(cards, person({ id: 'u2', primaryTeamId: null, workProfile: 'sales' }))).toMatchObject({ source: 'tenant_default' })
    expect(resolveRate([], person())).toEqual({ card: null, source: 'none' })
  })

  test('among equally specific cards the latest start wins', () => {
    const older = card({ id: 'old', userId: 'u1', effectiveFrom: '2026-01-01' })
    const newer = card({ id: 'new', userId: 'u1', effectiveFrom: '2026-06-01' })
    expect(resolveRate([newer, older], person()).card?.id).toBe('new')
    expect(resolveRate([older, newer], person()).card?.id).toBe('new')
  })
})

describe('calculatePayroll', () => {
  test('pays overtime at the multiplier and leaves out people without hours', () => {
    const lines = calculatePayroll({
      logs: [log('2026-10-05', 45)],
      people: [person(), person({ id: 'u2', name: 'Ben' })],
      cards: [card({ hourlyRateCents: 2000, overtimeMultiplier: 2 })],
      timezone: 'UTC',
      currency: 'EUR',
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      regularSeconds: 40 * H,
      overtimeSeconds: 5 * H,
      regularAmountCents: 80_000,
      overtimeAmountCents: 20_000,
      currency: 'EUR',
      rateSource: 'tenant_default',
    })
  })

  test('without any rate card the rate is 0 in the tenant currency', () => {
    const [line] = calculatePayroll({ logs: [log('2026-10-05', 8)], people: [person()], cards: [], timezone: 'UTC', currency: 'EUR' })
    expect(line).toMatchObject({ hourlyRateCents: 0, regularAmountCents: 0, currency: 'EUR', rateSource: 'none' })
  })
})

describe('pay-run CSV', () => {
  test('quotes separators and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvField(-12.5)).toBe('-12.5')
  })

  test('writes a header and one CRLF line per person with money in currency units', () => {
    const [line] = calculatePayroll({
      logs: [log('2026-10-05', 41)],
      people: [person({ name: '+Ann', costCenterId: 'cc' })],
      cards: [card({ hourlyRateCents: 1234 })],
      timezone: 'UTC',
      currency: 'USD',
    })
    const csv = payRunCsv([line!], new Map([['cc', { id: 'cc', tenantId: 1, code: 'CC-1', name: 'One', createdAt: 0 }]]))
    expect(csv.split('\r\n')).toEqual([
      'user_id,name,email,cost_center_code,regular_hours,overtime_hours,total_hours,hourly_rate,overtime_multiplier,regular_amount,overtime_amount,adjustment_hours,adjustment_amount,absence_hours,absence_amount,gross_amount,currency',
      "u1,'+Ann,ann@x.test,CC-1,40.00,1.00,41.00,12.34,1.5,493.60,18.51,0.00,0.00,0.00,0.00,512.11,USD",
      '',
    ])
  })
})
