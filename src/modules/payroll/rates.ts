import type { PayrollPerson } from './people-queries'
import type { RateCardRow } from './queries'

export type RateSource = 'user' | 'team' | 'role' | 'work_profile' | 'tenant_default' | 'none'
export type RateTargetKind = Exclude<RateSource, 'none'>

export interface ResolvedRate {
  card: RateCardRow | null
  source: RateSource
}

/** What a card is for: one user, one team, one role, one work profile, or everyone (tenant default). */
export function targetOf(card: Pick<RateCardRow, 'userId' | 'teamId' | 'role' | 'workProfile'>): RateTargetKind {
  if (card.userId) return 'user'
  if (card.teamId) return 'team'
  if (card.role) return 'role'
  if (card.workProfile) return 'work_profile'
  return 'tenant_default'
}

/** Two cards are for the same target (the same user, team, role, work profile, or both tenant defaults). */
export const sameTarget = (
  a: Pick<RateCardRow, 'userId' | 'teamId' | 'role' | 'workProfile'>,
  b: Pick<RateCardRow, 'userId' | 'teamId' | 'role' | 'workProfile'>,
): boolean =>
  (a.userId ?? null) === (b.userId ?? null) &&
  (a.teamId ?? null) === (b.teamId ?? null) &&
  (a.role ?? null) === (b.role ?? null) &&
  (a.workProfile ?? null) === (b.workProfile ?? null)

/** How specific a card is for a person, or -1 when it does not apply to them. */
function specificity(card: RateCardRow, person: PayrollPerson): number {
  if (card.userId) return card.userId === person.id ? 5 : -1
  if (card.teamId) return card.teamId === person.primaryTeamId ? 4 : -1
  if (card.role) return card.role === person.role ? 3 : -1
  if (card.workProfile) return card.workProfile === person.workProfile ? 2 : -1
  return 1
}

const SOURCES: Record<number, RateSource> = { 5: 'user', 4: 'team', 3: 'role', 2: 'work_profile', 1: 'tenant_default' }

/** A card is in effect on a date when it started on or before it and has not ended before it. */
export const inEffectOn = (card: { effectiveFrom: string; effectiveTo: string | null }, date: string): boolean =>
  card.effectiveFrom <= date && (card.effectiveTo === null || card.effectiveTo >= date)

/**
 * The rate card of a person among the cards in effect: the most specific wins (user, then the
 * primary team, then the role, then the work profile, then the tenant default); among equals the
 * latest start.
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

/** The card of a person on one date, among cards of any dates. */
export const resolveRateOn = (cards: RateCardRow[], person: PayrollPerson, date: string): ResolvedRate =>
  resolveRate(
    cards.filter((c) => inEffectOn(c, date)),
    person,
  )
