import { localDate, weekStart } from '../../kernel/time'
import type { PayrollPerson } from './people-queries'
import type { RateCardRow } from './queries'
import { resolveRate, type RateSource } from './rates'
import type { WorkedLog } from '../time-tracking/worked-time-read-model'

/** One person's pay for a period, in domain units (seconds, cents). */
export interface PayrollLine {
  person: PayrollPerson
  regularSeconds: number
  overtimeSeconds: number
  hourlyRateCents: number
  overtimeMultiplier: number
  regularAmountCents: number
  overtimeAmountCents: number
  currency: string
  rateCardId: string | null
  rateSource: RateSource
}

/**
 * Overtime is counted per Monday-Sunday week (tenant time zone): hours of a week above the
 * person's contracted weekly hours. A week cut by the period boundary counts only its days inside.
 */
export function splitOvertime(logs: WorkedLog[], weeklyHours: number, tz: string): { regular: number; overtime: number } {
  const perWeek = new Map<string, number>()
  for (const log of logs) {
    const week = weekStart(localDate(log.clockInAt, tz))
    perWeek.set(week, (perWeek.get(week) ?? 0) + log.workedSeconds)
  }
  const contract = weeklyHours * 3600
  let regular = 0
  let overtime = 0
  for (const seconds of perWeek.values()) {
    const extra = Math.max(0, seconds - contract)
    overtime += extra
    regular += seconds - extra
  }
  return { regular, overtime }
}

/** Pay of every person with approved hours: hours, overtime, rate from the most specific card. */
export function calculatePayroll(input: {
  logs: WorkedLog[]
  people: PayrollPerson[]
  cards: RateCardRow[]
  timezone: string
  currency: string
}): PayrollLine[] {
  const byUser = new Map<string, WorkedLog[]>()
  for (const log of input.logs) byUser.set(log.userId, [...(byUser.get(log.userId) ?? []), log])
  const lines: PayrollLine[] = []
  for (const person of input.people) {
    const logs = byUser.get(person.id)
    if (!logs?.length) continue
    const { regular, overtime } = splitOvertime(logs, person.weeklyHours, input.timezone)
    const { card, source } = resolveRate(input.cards, person)
    const rate = card?.hourlyRateCents ?? 0
    const multiplier = card?.overtimeMultiplier ?? 1.5
    lines.push({
      person,
      regularSeconds: regular,
      overtimeSeconds: overtime,
      hourlyRateCents: rate,
      overtimeMultiplier: multiplier,
      regularAmountCents: Math.round((regular / 3600) * rate),
      overtimeAmountCents: Math.round((overtime / 3600) * rate * multiplier),
      currency: card?.currency ?? input.currency,
      rateCardId: card?.id ?? null,
      rateSource: source,
    })
  }
  return lines.sort((a, b) => a.person.name.localeCompare(b.person.name) || a.person.id.localeCompare(b.person.id))
}

/** Hours on the wire: two decimals. */
export const hours = (seconds: number): number => Math.round((seconds / 3600) * 100) / 100
