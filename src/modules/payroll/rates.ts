import type { PayrollPerson } from './people-queries'
import type { RateCardRow } from './queries'

export type RateSource = 'user' | 'team' | 'work_profile' | 'tenant_default' | 'none'

export interface ResolvedRate {
  card: RateCardRow | null
  source: RateSource
}

/** How specific a card is for a person, or -1 when it does not apply to them. */
function specificity(card: RateCardRow, person: PayrollPerson): number {
  if (card.userId) return card.userId === person.id ? 4 : -1
  if (card.teamId) return card.teamId === person.primaryTeamId ? 3 : -1
  if (card.workProfile) return card.workProfile === person.workProfile ? 2 : -1
  return 1
}

const SOURCES: Record<number, RateSource> = { 4: 'user', 3: 'team', 2: 'work_profile', 1: 'tenant_default' }

/**
 * The rate card of a person among the cards in effect: the most specific wins (user, then the
 * primary team, then the work profile, then the tenant default); among equals the latest start.
 */
export function resolveRate(cards: RateCardRow[], person: PayrollPerson): ResolvedRate {
  let best: RateCardRow | null = null
  let bestScore = 0
  for (const card of cards) {
    const score = specificity(card, person)
    if (score > bestScore || (score === bestScore && score > 0 && best && card.effectiveFrom > best.effectiveFrom)) {
      best = card
      bestScore = score
    }
  }
  return { card: best, source: best ? SOURCES[bestScore]! : 'none' }
}
