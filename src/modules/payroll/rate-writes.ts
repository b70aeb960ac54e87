import type { TenantBoundCtx } from '../../kernel/ctx'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { recordChange } from '../audit/audit-queries'
import { teamExistsInTenant } from '../teams/queries'
import { findUserInTenant } from '../users/queries'
import { toRateCard } from './model'
import { overtimePolicy, tenantCurrency } from './payroll-lines'
import { allRateCards, getRateCardInTenant, insertRateCard, setRateCardEnd, type RateCardRow } from './queries'
import { checkEnd } from './effective-dates'
import { planRateCard, type RateDraft } from './rate-rules'
import { targetOf } from './rates'

const audited = (r: RateCardRow) => ({
  name: r.name,
  applies_to: targetOf(r),
  user_id: r.userId,
  team_id: r.teamId,
  role: r.role,
  work_profile: r.workProfile,
  hourly_rate_cents: r.hourlyRateCents,
  overtime_multiplier: r.overtimeMultiplier,
  currency: r.currency,
  effective_from: r.effectiveFrom,
  effective_to: r.effectiveTo,
})

/**
 * Writes a new pay rate (set_pay_rate, set_default_pay_rate): the person or team must be the
 * tenant's; the rule of planRateCard decides (refusals name the field, nothing is written); the
 * card of the same target in effect that day ends the day before (pay_rate.ended) and the new
 * card is recorded (pay_rate.created), in one transaction.
 */
export function writePayRate(ctx: TenantBoundCtx, draft: RateDraft, reason: string | null) {
  if (draft.userId && !findUserInTenant(ctx, draft.userId))
    throw new DomainError('invalid_argument', 'user_id is not a person of this tenant.', { field: 'user_id' })
  if (draft.teamId && !teamExistsInTenant(ctx, draft.teamId))
    throw new DomainError('invalid_argument', 'team_id is not a team of this tenant.', { field: 'team_id' })
  const multiplier = overtimePolicy(ctx).multiplier
  return inTransaction(ctx, (c) => {
    const plan = planRateCard(allRateCards(c), draft, tenantCurrency(ctx))
    const ended = plan.ends.map(({ record, effectiveTo }) => {
      const after = setRateCardEnd(c, record.id, effectiveTo)
      recordChange(c, { action: 'pay_rate.ended', entity: 'pay_rate', entityId: record.id, before: audited(record), after: audited(after), reason })
      return after
    })
    const card = insertRateCard(c, { ...plan.card, id: newId(), createdAt: c.now })
    recordChange(c, { action: 'pay_rate.created', entity: 'pay_rate', entityId: card.id, before: null, after: audited(card), reason })
    return { rate_card: toRateCard(card, multiplier), ended: ended.map((r) => toRateCard(r, multiplier)) }
  })
}

/** Ends a pay rate on its last day (end_pay_rate); an end date is only ever brought forward. */
export function endPayRateCard(ctx: TenantBoundCtx, rateCardId: string, effectiveTo: string, reason: string | null) {
  const multiplier = overtimePolicy(ctx).multiplier
  return inTransaction(ctx, (c) => {
    const before = getRateCardInTenant(c, rateCardId)
    checkEnd(before, effectiveTo)
    const after = setRateCardEnd(c, rateCardId, effectiveTo)
    recordChange(c, { action: 'pay_rate.ended', entity: 'pay_rate', entityId: rateCardId, before: audited(before), after: audited(after), reason })
    return toRateCard(after, multiplier)
  })
}
