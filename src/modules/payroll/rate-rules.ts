import type { Role } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import type { WorkProfile } from '../users/schema'
import { planSuccession } from './effective-dates'
import type { RateCardRow } from './queries'
import { sameTarget } from './rates'

/** The highest hourly rate accepted, in cents (100 000.00 of the currency an hour): a typo guard. */
export const MAX_RATE_CENTS = 10_000_000

/** A new pay rate as an admin (or the demo seed) asks for it. */
export interface RateDraft {
  name: string
  userId: string | null
  teamId: string | null
  role: Role | null
  workProfile: WorkProfile | null
  hourlyRateCents: number
  /** null: the tenant's overtime multiplier applies. */
  overtimeMultiplier: number | null
  /** The currency the caller states, if any: it must be the tenant's. */
  currency: string | null
  effectiveFrom: string
}

export type NewRateCard = Omit<RateCardRow, 'id' | 'tenantId' | 'createdAt'>

/**
 * The one rule for writing a pay rate (operations and seed): money in whole cents, not negative;
 * the tenant currency only; an overtime multiplier of 1 to 5 or none; and the succession rule of
 * rate histories (the card of the same target in effect on `effectiveFrom` ends the day before, a
 * card starting on or after it is an overlap). Refusals name the field; nothing is written.
 */
export function planRateCard(
  existing: RateCardRow[],
  draft: RateDraft,
  tenantCurrency: string,
): { card: NewRateCard; ends: { record: RateCardRow; effectiveTo: string }[] } {
  if (!Number.isInteger(draft.hourlyRateCents) || draft.hourlyRateCents < 0 || draft.hourlyRateCents > MAX_RATE_CENTS) {
    throw new DomainError('invalid_argument', `hourly_rate_cents must be a whole number of cents from 0 to ${MAX_RATE_CENTS}.`, { field: 'hourly_rate_cents' })
  }
  if (draft.currency !== null && draft.currency.toUpperCase() !== tenantCurrency) {
    throw new DomainError(
      'invalid_argument',
      `currency ${draft.currency} is not the tenant currency ${tenantCurrency}: rates are kept in the tenant currency.`,
      {
        field: 'currency',
      },
    )
  }
  if (draft.overtimeMultiplier !== null && !(draft.overtimeMultiplier >= 1 && draft.overtimeMultiplier <= 5)) {
    throw new DomainError('invalid_argument', 'overtime_multiplier must be from 1 to 5 (or omitted for the tenant multiplier).', {
      field: 'overtime_multiplier',
    })
  }
  const targets = [draft.userId, draft.teamId, draft.role, draft.workProfile].filter((v) => v !== null)
  if (targets.length > 1) {
    throw new DomainError('invalid_argument', 'A rate is for one user, one team, one role or one work profile, not several.', { field: 'team_id' })
  }
  const ends = planSuccession(
    existing.filter((c) => sameTarget(c, draft)),
    draft.effectiveFrom,
  )
  return {
    card: {
      name: draft.name,
      userId: draft.userId,
      teamId: draft.teamId,
      role: draft.role,
      workProfile: draft.workProfile,
      hourlyRateCents: draft.hourlyRateCents,
      overtimeMultiplier: draft.overtimeMultiplier,
      currency: tenantCurrency,
      effectiveFrom: draft.effectiveFrom,
      effectiveTo: null,
    },
    ends,
  }
}
