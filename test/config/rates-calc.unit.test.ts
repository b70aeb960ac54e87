import { describe, expect, test } from 'bun:test'
import { DomainError } from '../../src/kernel/errors'
import { calculatePayroll, type OvertimePolicy } from '../../src/modules/payroll/calculate'
import { weekStartOn } from '../../src/kernel/time'
import type { PayrollPerson } from '../../src/modules/payroll/people-queries'
import type { RateCardRow } from '../../src/modules/payroll/queries'
import { planRateCard, type RateDraft } from '../../src/modules/payroll/rate-rules'
import { resolveRateOn } from '../../src/modules/payroll/rates'

const H = 3600
const person = (over: Partial<PayrollPerson> = {}): PayrollPerson => ({
  id: 'u1',
  name: 'Ana',
  email: 'ana@x.test',
  primaryTeamId: 't1',
  workProfile: 'engineering',
  role: 'employee',
  weeklyHours: 40,
  costCenterId: null,
  ...over,
})
let n = 0
const card = (over: Partial<RateCardRow>): RateCardRow => ({
  id: `c${++n}`,
  tenantId: 1,
  name: 'card',
  userId: null,
  teamId: null,
  role: null,
  workProfile: null,
  hourlyRateCents: 1000,
  overtimeMultiplier: null,
  currency: 'EUR',
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  createdAt: 0,
  ...over,
})
/** Hours worked on each date (one log at 09:00 UTC). */
const logs = (days: Record<string, number>) =>
  Object.entries(days).map(([date, h]) => ({ userId: 'u1', clockInAt: Date.parse(`${date}T09:00:00Z`), workedSeconds: h * H }))
const policy = (over: Partial<OvertimePolicy> = {}): OvertimePolicy => ({ dailyHours: null, weeklyHours: null, weekStart: 1, multiplier: 1.5, ...over })
const pay = (days: Record<string, number>, cards: RateCardRow[], p: Partial<OvertimePolicy> = {}, who: Partial<PayrollPerson> = {}) =>
  calculatePayroll({ logs: logs(days), people: [person(who)], cards, timezone: 'UTC', currency: 'EUR', policy: policy(p) })[0]!

// 2026-11-02 is a Monday.
const WEEK = { '2026-11-02': 8, '2026-11-03': 8, '2026-11-04': 8, '2026-11-05': 8, '2026-11-06': 8 }

describe('payroll pays each day at the rate in effect that day', () => {
  test('a raise on Thursday: Mon-Wed at the old rate, Thu-Fri at the new one', () => {
    const old = card({ userId: 'u1', hourlyRateCents: 2000, effectiveTo: '2026-11-04' })
    const raise = card({ userId: 'u1', hourlyRateCents: 2500, effectiveFrom: '2026-11-05' })
    const line = pay(WEEK, [old, raise])
    // 3 × 8 h × 20.00 = 480.00; 2 × 8 h × 25.00 = 400.00.
    expect(line.regularAmountCents).toBe(48_000 + 40_000)
    expect(line.overtimeSeconds).toBe(0)
    expect(line.hourlyRateCents).toBe(2500)
    expect(line.rateCardId).toBe(raise.id)
    expect(line.currency).toBe('EUR')
    expect(line.segments.map((s) => [s.from, s.to, s.hourlyRateCents, s.regularSeconds / H])).toEqual([
      ['2026-11-02', '2026-11-04', 2000, 24],
      ['2026-11-05', '2026-11-06', 2500, 16],
    ])
  })

  test('weekly overtime on the day of a raise is paid at that day’s rate', () => {
    const old = card({ hourlyRateCents: 2000, effectiveTo: '2026-11-06' })
    const raise = card({ hourlyRateCents: 3000, effectiveFrom: '2026-11-07' })
    const line = pay({ ...WEEK, '2026-11-07': 4 }, [old, raise])
    // 40 h regular at 20.00 = 800.00; Saturday's 4 h are above 40 h: 4 × 30.00 × 1.5 = 180.00.
    expect(line.regularAmountCents).toBe(80_000)
    expect(line.overtimeAmountCents).toBe(18_000)
  })
})

describe('overtime', () => {
  test('an hour that is both daily and weekly overtime is paid once', () => {
    // Daily 8 h: Mon-Fri 10 h → 2 h a day = 10 h daily overtime; the regular 8 h a day make 40 h,
    // so no weekly overtime until Saturday, whose 5 h are all weekly overtime. 15 h, not 25 h.
    const line = pay({ '2026-11-02': 10, '2026-11-03': 10, '2026-11-04': 10, '2026-11-05': 10, '2026-11-06': 10, '2026-11-07': 5 }, [card({})], {
      dailyHours: 8,
    })
    expect(line.regularSeconds).toBe(40 * H)
    expect(line.overtimeSeconds).toBe(15 * H)
    expect(line.regularAmountCents).toBe(40_000)
    expect(line.overtimeAmountCents).toBe(15 * 1500)
  })

  test('weeks start on the tenant week start: Sunday weeks split Mon-Sat from the next Sunday', () => {
    expect(weekStartOn('2026-11-02', 7)).toBe('2026-11-01')
    expect(weekStartOn('2026-11-08', 7)).toBe('2026-11-08')
    expect(weekStartOn('2026-11-08', 1)).toBe('2026-11-02')
    const days = { '2026-11-02': 9, '2026-11-03': 9, '2026-11-04': 9, '2026-11-05': 9, '2026-11-06': 9, '2026-11-08': 9 }
    // Monday weeks: Mon 2 – Sun 8 holds 54 h → 14 h overtime.
    expect(pay(days, [card({})], { weekStart: 1 }).overtimeSeconds).toBe(14 * H)
    // Sunday weeks: Sun 1 – Sat 7 holds 45 h → 5 h; Sunday 8 opens a new week with 9 h → none.
    expect(pay(days, [card({})], { weekStart: 7 }).overtimeSeconds).toBe(5 * H)
  })

  test('a part-timer’s overtime starts above their contract; the card multiplier beats the tenant one', () => {
    const days = { '2026-11-02': 8, '2026-11-03': 8, '2026-11-04': 8 }
    // 20 h contract: Wednesday's last 4 h are overtime. Tenant multiplier 1.25: 4 × 18.00 × 1.25 = 90.00.
    const tenantMult = pay(days, [card({ hourlyRateCents: 1800 })], { multiplier: 1.25 }, { weeklyHours: 20 })
    expect([tenantMult.regularAmountCents, tenantMult.overtimeAmountCents, tenantMult.overtimeMultiplier]).toEqual([36_000, 9_000, 1.25])
    // The card's own multiplier 2: 4 × 18.00 × 2 = 144.00.
    const cardMult = pay(days, [card({ hourlyRateCents: 1800, overtimeMultiplier: 2 })], { multiplier: 1.25 }, { weeklyHours: 20 })
    expect(cardMult.overtimeAmountCents).toBe(14_400)
    // A tenant weekly threshold replaces the contract: 38 h for everyone → no overtime in 24 h.
    expect(pay(days, [card({})], { weeklyHours: 38 }, { weeklyHours: 20 }).overtimeSeconds).toBe(0)
  })
})

describe('rate precedence', () => {
  test('user > team > role > work profile > tenant default', () => {
    const cards = [
      card({ id: 'user', userId: 'u1' }),
      card({ id: 'team', teamId: 't1' }),
      card({ id: 'role', role: 'manager' }),
      card({ id: 'profile', workProfile: 'engineering' }),
      card({ id: 'default' }),
    ]
    const on = '2026-11-02'
    expect(resolveRateOn(cards, person(), on).source).toBe('user')
    expect(resolveRateOn(cards, person({ id: 'u2' }), on).source).toBe('team')
    expect(resolveRateOn(cards, person({ id: 'u2', primaryTeamId: null, role: 'manager' }), on).source).toBe('role')
    expect(resolveRateOn(cards, person({ id: 'u2', primaryTeamId: null }), on).source).toBe('work_profile')
    expect(resolveRateOn(cards, person({ id: 'u2', primaryTeamId: null, workProfile: 'sales' }), on).source).toBe('tenant_default')
  })
})

describe('planRateCard (the rule of workforce rates and the seed)', () => {
  const draft = (over: Partial<RateDraft> = {}): RateDraft => ({
    name: 'r',
    userId: 'u1',
    teamId: null,
    role: null,
    workProfile: null,
    hourlyRateCents: 2500,
    overtimeMultiplier: null,
    currency: null,
    effectiveFrom: '2026-11-09',
    ...over,
  })
  const fieldOf = (f: () => unknown): unknown => {
    try {
      f()
    } catch (e) {
      return e instanceof DomainError ? (e.details as { field: string }).field : e
    }
    return null
  }
  test('ends the same target’s card in effect the day before, and keeps others', () => {
    const current = card({ userId: 'u1', effectiveFrom: '2026-10-01' })
    const other = card({ userId: 'u2', effectiveFrom: '2026-10-01' })
    const plan = planRateCard([current, other], draft(), 'EUR')
    expect(plan.ends.map((e) => [e.record.id, e.effectiveTo])).toEqual([[current.id, '2026-11-08']])
    expect(plan.card).toMatchObject({ userId: 'u1', hourlyRateCents: 2500, currency: 'EUR', effectiveFrom: '2026-11-09', effectiveTo: null })
  })
  test('refuses with the field named: wrong currency, negative, overlapping history', () => {
    const current = card({ userId: 'u1', effectiveFrom: '2026-11-09' })
    expect(fieldOf(() => planRateCard([], draft({ currency: 'USD' }), 'EUR'))).toBe('currency')
    expect(fieldOf(() => planRateCard([], draft({ hourlyRateCents: -1 }), 'EUR'))).toBe('hourly_rate_cents')
    expect(fieldOf(() => planRateCard([], draft({ hourlyRateCents: 12.5 }), 'EUR'))).toBe('hourly_rate_cents')
    expect(fieldOf(() => planRateCard([current], draft(), 'EUR'))).toBe('effective_from')
    expect(fieldOf(() => planRateCard([current], draft({ effectiveFrom: '2026-11-01' }), 'EUR'))).toBe('effective_from')
    expect(fieldOf(() => planRateCard([], draft({ overtimeMultiplier: 0.5 }), 'EUR'))).toBe('overtime_multiplier')
    expect(fieldOf(() => planRateCard([], draft({ currency: 'eur' }), 'EUR'))).toBeNull()
  })
})
