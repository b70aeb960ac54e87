import type { WorkProfile } from '../../src/modules/users/schema'
import { addDays } from '../../src/kernel/time'
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
  to?: string
}

/**
 * Rate cards from general to specific (tenant default, work profile, the dispatch team's night
 * premium, two individual contracts) plus last year's engineering rate; each person gets the
 * most specific card that applies today, as payroll resolves it.
 */
export function writeRateCards(env: SeedEnv, company: Company): void {
  const scale = env.region.rateScale
  const from = addDays(env.firstDay, -120)
  const { personas, people, teams } = company
  const cards: Card[] = [{ name: 'Company default', rate: 30, multiplier: 1.5, from }]
  for (const [profile, rate] of Object.entries(PROFILE_RATES) as [WorkProfile, number][]) {
    cards.push({ name: `${capitalize(profile)} standard`, workProfile: profile, rate, multiplier: 1.5, from })
  }
  cards.push({
    name: 'Engineering standard (previous year)',
    workProfile: 'engineering',
    rate: 45,
    multiplier: 1.5,
    from: addDays(from, -365),
    to: addDays(from, -1),
  })
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
  for (const c of cards) {
    env.w.rateCards.add({
      id: env.ids.uuid(),
      tenantId: env.tenantId,
      name: c.name,
      userId: c.userId ?? null,
      teamId: c.teamId ?? null,
      workProfile: c.workProfile ?? null,
      hourlyRateCents: Math.round(c.rate * scale * 100),
      overtimeMultiplier: c.multiplier,
      currency: env.region.currency,
      effectiveFrom: c.from,
      effectiveTo: c.to ?? null,
      createdAt: env.cal.at(c.from, '09:00'),
    })
  }
  const current = cards.filter((c) => !c.to)
  for (const p of people) {
    const card =
      current.find((c) => c.userId === p.id) ??
      current.find((c) => c.teamId === teams[p.team]!.id) ??
      current.find((c) => c.workProfile === p.profile) ??
      current[0]!
    p.rate = { cents: Math.round(card.rate * scale * 100), multiplier: card.multiplier }
  }
}

const capitalize = (s: string) => s[0]!.toUpperCase() + s.slice(1)
