import type { TenantScope } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { DAY } from '../../kernel/time'
import { findCurrentSubscription, type PlanSubscriptionRow } from './queries'
import { setSubscriptionTrial } from './trial-queries'

/** The longest trial an operator may grant. */
export const MAX_TRIAL_DAYS = 365

export function checkTrialDays(days: number): void {
  if (!Number.isInteger(days) || days < 1 || days > MAX_TRIAL_DAYS) {
    throw new DomainError('invalid_argument', `A trial lasts 1 to ${MAX_TRIAL_DAYS} whole days, not ${days}.`, { field: 'trial_days' })
  }
}

/**
 * Starts a trial of `days` days on the tenant's current subscription (status trialing, ends at
 * now + days): what lets an operator give a production tenant, which can subscribe to webhooks,
 * a trial that billing.trial_ending announces 3 days before its end. Call inside a transaction.
 */
export function startTrial(c: TenantScope, days: number): PlanSubscriptionRow {
  checkTrialDays(days)
  const sub = findCurrentSubscription(c)
  if (!sub) throw new DomainError('not_found', 'This tenant has no subscription to put on a trial.')
  return setSubscriptionTrial(c, sub.id, c.now + days * DAY)!
}
