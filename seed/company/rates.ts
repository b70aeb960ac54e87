import type { WorkProfile } from '../../src/modules/users/schema'
import { addDays } from '../../src/kernel/time'
import { DEFAULT_OVERTIME_POLICY } from '../../src/modules/payroll/calculate'
import type { RateCardRow } from '../../src/modules/payroll/queries'
import { planRateCard } from '../../src/modules/payroll/rate-rules'
import { resolveRateOn } from '../../src/modules/payroll/rates'
import type { SeedEnv } from '../env'
import type { Company } from '../model'

const PROFILE_RATES: Record<WorkProfile, number> = {
  engineering: 48,
  design: 44,
  sales: 38,
  support: 30,
  operations: 26,
  management: 60,
}

interface Card {
  name: string
  userId?: string
  teamId?: string
  workProfile?: WorkProfile
  rate: number
  multiplier: number
  from: string
}

/**
 * Rate cards from general to specific (tenant default, work profile, the dispatch team's night
 * premium, two individual contracts) plus last year's engineering rate, which this year's ends
 * the day before it starts. Every card goes through the rule of `workforce rates`
 * (payroll/rate-rules.ts planRateCard: cents, tenant currency, succession of a history), and each
 * person's rate is the card payroll resolves for them today (payroll/rates.ts).
 */
export function writeRateCards(env: SeedEnv, company: Company): void {
  const scale = env.region.rateScale
  const from = addDays(env.firstDay, -120)
  const { personas, people, teams } = company
  const cards: Card[] = [
    { name: 'Engineering standard (previous year)', workProfile: 'engineering', rate: 45, multiplier: 1.5, from: addDays(from, -365) },
    { name: 'Company default', rate: 30, multiplier: 1.5, from },
  ]
  for (const [profile, rate] of Object.entries(PROFILE_RATES) as [WorkProfile, number][]) {
    cards.push({ name: `${capitalize(profile)} standard`, workProfile: profile, rate, multiplier: 1.5, from })
  }
  const dispatch = teams[personas.overtimeTeam]!
  cards.push({ name: `${dispatch.name} incl. night premium`, teamId: dispatch.id, rate: 28, multiplier: 1.75, from })
  cards.push({
    name: `${people[personas.droppingEngineer]!.name} individual contract`,
    userId: people[personas.droppingEngineer]!.id,
    rate: 62,
    multiplier: 1.5,
    from,
  })
  cards.push({
    name: `${people[personas.platformManager]!.name} individual contract`,
    userId: people[personas.platformManager]!.id,
    rate: 70,
    multiplier: 1.25,
    from,
  })
  const rows: RateCardRow[] = []
  for (const c of cards) {
    const plan = planRateCard(
      rows,
      {
        name: c.name,
        userId: c.userId ?? null,
        teamId: c.teamId ?? null,
        role: null,
        workProfile: c.workProfile ?? null,
        hourlyRateCents: Math.round(c.rate * scale * 100),
        overtimeMultiplier: c.multiplier,
        currency: env.region.currency,
        effectiveFrom: c.from,
      },
      env.region.currency,
    )
    for (const end of plan.ends) end.record.effectiveTo = end.effectiveTo
    rows.push({ ...plan.card, id: env.ids.uuid(), tenantId: env.tenantId, createdAt: env.cal.at(c.from, '09:00') })
  }
  for (const row of rows) env.w.rateCards.add(row)
  for (const p of people) {
    const person = {
      id: p.id,
      name: p.name,
      email: p.email,
      primaryTeamId: teams[p.team]!.id,
      workProfile: p.profile,
      role: p.role,
      weeklyHours: p.weeklyHours,
      costCenterId: null,
    }
    const card = resolveRateOn(rows, person, env.today).card!
    p.rate = { cents: card.hourlyRateCents, multiplier: card.overtimeMultiplier ?? DEFAULT_OVERTIME_POLICY.multiplier }
  }
}

const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1)
