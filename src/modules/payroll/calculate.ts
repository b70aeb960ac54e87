import { localDate, weekStartOn } from '../../kernel/time'
import type { PayrollPerson } from './people-queries'
import type { RateCardRow } from './queries'
import { resolveRateOn, type RateSource } from './rates'
import type { WorkedLog } from '../time-tracking/worked-time-read-model'

/** The tenant's overtime rules for pay (tenants.payOvertime*, weekStart, overtimeMultiplier). */
export interface OvertimePolicy {
  /** Hours in one day above which hours are overtime; null: no daily overtime. */
  dailyHours: number | null
  /** Hours in one week above which hours are overtime; null: each person's contract hours. */
  weeklyHours: number | null
  /** First day of the overtime week, ISO weekday (1 = Monday … 7 = Sunday). */
  weekStart: number
  /** Overtime multiplier when the person's rate card sets none. */
  multiplier: number
}

export const DEFAULT_OVERTIME_POLICY: OvertimePolicy = { dailyHours: null, weeklyHours: null, weekStart: 1, multiplier: 1.5 }

/** Hours paid at one rate: consecutive worked days under the same card, rate and multiplier. */
export interface RateSegment {
  rateCardId: string | null
  rateSource: RateSource
  hourlyRateCents: number
  overtimeMultiplier: number
  /** First and last worked date of the segment. */
  from: string
  to: string
  regularSeconds: number
  overtimeSeconds: number
  regularAmountCents: number
  overtimeAmountCents: number
}

/** One person's pay for a period, in domain units (seconds, cents). */
export interface PayrollLine {
  person: PayrollPerson
  regularSeconds: number
  overtimeSeconds: number
  /** The rate of the last worked day of the period (segments hold every rate paid). */
  hourlyRateCents: number
  overtimeMultiplier: number
  regularAmountCents: number
  overtimeAmountCents: number
  currency: string
  rateCardId: string | null
  rateSource: RateSource
  segments: RateSegment[]
  /** Corrections of closed periods paid in this one, each at the rate of the day it was worked. */
  adjustments: PaidAdjustment[]
  adjustmentSeconds: number
  adjustmentAmountCents: number
  /** Paid time off (holidays, vacation, sick leave) of the period, each day at its rate; never overtime. */
  absenceSeconds: number
  absenceAmountCents: number
}

/** A correction to a closed period's hours (time_corrections), paid later. */
export interface Adjustment {
  userId: string
  /** The date the corrected work counts on. */
  workDate: string
  /** Worked seconds added (negative: removed). */
  seconds: number
}

export type PaidAdjustment = Adjustment & { hourlyRateCents: number; amountCents: number }

/** Gross pay of a line: regular, overtime and adjustments. */
export const grossCents = (l: PayrollLine): number => l.regularAmountCents + l.overtimeAmountCents + l.adjustmentAmountCents + l.absenceAmountCents

/** Worked seconds per tenant-local date (a log counts on the date it clocked in). */
export function secondsByDate(logs: WorkedLog[], tz: string): Map<string, number> {
  const days = new Map<string, number>()
  for (const log of logs) {
    const date = localDate(log.clockInAt, tz)
    days.set(date, (days.get(date) ?? 0) + log.workedSeconds)
  }
  return days
}

export interface DaySplit {
  date: string
  regular: number
  overtime: number
}

/**
 * Regular and overtime seconds of each worked day. Daily overtime: the seconds of a day above the
 * daily threshold. Weekly overtime: once the week's regular seconds (those not already daily
 * overtime, so no hour counts twice) pass the weekly threshold, the rest of the week is overtime,
 * on the days it was worked. Weeks start on `weekStart`; a week cut by the period counts only its
 * days inside the period.
 */
export function splitOvertimeByDay(days: Map<string, number>, rules: { dailySeconds: number | null; weeklySeconds: number; weekStart: number }): DaySplit[] {
  const out: DaySplit[] = []
  const regularInWeek = new Map<string, number>()
  for (const date of [...days.keys()].sort()) {
    const worked = days.get(date)!
    const daily = rules.dailySeconds === null ? 0 : Math.max(0, worked - rules.dailySeconds)
    let regular = worked - daily
    const week = weekStartOn(date, rules.weekStart)
    const before = regularInWeek.get(week) ?? 0
    const weekly = Math.max(0, regular - Math.max(0, rules.weeklySeconds - before))
    regular -= weekly
    regularInWeek.set(week, before + regular)
    out.push({ date, regular, overtime: daily + weekly })
  }
  return out
}

/**
 * One person's pay: each worked day at the rate card in effect on that day (a mid-period raise
 * pays the old rate before its date and the new one from it), overtime hours at that day's rate
 * times the card's multiplier (else the tenant's). Amounts are rounded to the cent per segment.
 */
export function payPerson(input: {
  person: PayrollPerson
  logs: WorkedLog[]
  cards: RateCardRow[]
  timezone: string
  currency: string
  policy: OvertimePolicy
  adjustments?: Adjustment[]
  /** Paid absence seconds per date (absences module: paidAbsenceSecondsByUserDate). */
  paidAbsence?: ReadonlyMap<string, number>
}): PayrollLine {
  const { person, policy } = input
  const split = splitOvertimeByDay(secondsByDate(input.logs, input.timezone), {
    dailySeconds: policy.dailyHours === null ? null : policy.dailyHours * 3600,
    weeklySeconds: (policy.weeklyHours ?? person.weeklyHours) * 3600,
    weekStart: policy.weekStart,
  })
  type Open = Omit<RateSegment, 'regularAmountCents' | 'overtimeAmountCents'>
  const open: Open[] = []
  for (const day of split) {
    const { card, source } = resolveRateOn(input.cards, person, day.date)
    const rate = card?.hourlyRateCents ?? 0
    const multiplier = card?.overtimeMultiplier ?? policy.multiplier
    const last = open.at(-1)
    if (last && last.rateCardId === (card?.id ?? null) && last.hourlyRateCents === rate && last.overtimeMultiplier === multiplier) {
      last.to = day.date
      last.regularSeconds += day.regular
      last.overtimeSeconds += day.overtime
    } else {
      open.push({
        rateCardId: card?.id ?? null,
        rateSource: source,
        hourlyRateCents: rate,
        overtimeMultiplier: multiplier,
        from: day.date,
        to: day.date,
        regularSeconds: day.regular,
        overtimeSeconds: day.overtime,
      })
    }
  }
  const segments: RateSegment[] = open.map((s) => ({
    ...s,
    regularAmountCents: Math.round((s.regularSeconds / 3600) * s.hourlyRateCents),
    overtimeAmountCents: Math.round((s.overtimeSeconds / 3600) * s.hourlyRateCents * s.overtimeMultiplier),
  }))
  const sum = (f: (s: RateSegment) => number) => segments.reduce((a, s) => a + f(s), 0)
  const last = segments.at(-1)
  // Adjustments are paid at the regular rate of the day the work was done: the closed period's
  // overtime is not reopened (docs/config-corrections.md).
  const adjustments: PaidAdjustment[] = (input.adjustments ?? []).map((a) => {
    const rate = resolveRateOn(input.cards, person, a.workDate).card?.hourlyRateCents ?? 0
    return { ...a, hourlyRateCents: rate, amountCents: Math.round((a.seconds / 3600) * rate) }
  })
  let absenceSeconds = 0
  let absenceAmountCents = 0
  for (const [date, seconds] of input.paidAbsence ?? []) {
    const rate = resolveRateOn(input.cards, person, date).card?.hourlyRateCents ?? 0
    absenceSeconds += seconds
    absenceAmountCents += Math.round((seconds / 3600) * rate)
  }
  return {
    person,
    regularSeconds: sum((s) => s.regularSeconds),
    overtimeSeconds: sum((s) => s.overtimeSeconds),
    hourlyRateCents: last?.hourlyRateCents ?? 0,
    overtimeMultiplier: last?.overtimeMultiplier ?? policy.multiplier,
    regularAmountCents: sum((s) => s.regularAmountCents),
    overtimeAmountCents: sum((s) => s.overtimeAmountCents),
    currency: input.currency,
    rateCardId: last?.rateCardId ?? null,
    rateSource: last?.rateSource ?? 'none',
    segments,
    adjustments,
    adjustmentSeconds: adjustments.reduce((a, x) => a + x.seconds, 0),
    adjustmentAmountCents: adjustments.reduce((a, x) => a + x.amountCents, 0),
    absenceSeconds,
    absenceAmountCents,
  }
}

/**
 * Pay of every person with approved hours, adjustments landing in the period or paid time off,
 * in the tenant currency. `cards`: every card overlapping the period and the adjusted work dates.
 */
export function calculatePayroll(input: {
  logs: WorkedLog[]
  people: PayrollPerson[]
  cards: RateCardRow[]
  timezone: string
  currency: string
  policy?: OvertimePolicy
  adjustments?: Adjustment[]
  paidAbsence?: ReadonlyMap<string, ReadonlyMap<string, number>>
}): PayrollLine[] {
  const groupBy = <T extends { userId: string }>(rows: T[]) => {
    const out = new Map<string, T[]>()
    for (const row of rows) {
      const list = out.get(row.userId)
      if (list) list.push(row)
      else out.set(row.userId, [row])
    }
    return out
  }
  const logsOf = groupBy(input.logs)
  const adjustmentsOf = groupBy(input.adjustments ?? [])
  const lines: PayrollLine[] = []
  for (const person of input.people) {
    const logs = logsOf.get(person.id) ?? []
    const adjustments = adjustmentsOf.get(person.id) ?? []
    const paidAbsence = input.paidAbsence?.get(person.id)
    if (!logs.length && !adjustments.length && !paidAbsence?.size) continue
    lines.push(
      payPerson({
        person,
        logs,
        cards: input.cards,
        timezone: input.timezone,
        currency: input.currency,
        policy: input.policy ?? DEFAULT_OVERTIME_POLICY,
        adjustments,
        ...(paidAbsence ? { paidAbsence } : {}),
      }),
    )
  }
  return lines.sort((a, b) => a.person.name.localeCompare(b.person.name) || a.person.id.localeCompare(b.person.id))
}

/** Hours on the wire: two decimals. */
export const hours = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100
