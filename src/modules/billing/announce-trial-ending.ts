import { DAY, toIso } from '../../kernel/time'
import { inTransaction, type DbLike } from '../../kernel/db'
import { findTenantCtx } from '../tenants/queries'
import { emit } from '../webhooks/outbox-queries'
import { markTrialEndingAnnounced, trialsEndingUnannounced } from './trial-queries'

/** The spec's window for subscription.trial_ending. */
const TRIAL_ENDING_WINDOW_MS = 3 * DAY

/** Emits subscription.trial_ending once per trial that ends within 3 days. Returns how many. */
export function announceTrialsEnding(db: DbLike, now: number): number {
  let announced = 0
  for (const trial of trialsEndingUnannounced(db, now, TRIAL_ENDING_WINDOW_MS)) {
    // A deleted tenant has no context: its trial is not announced.
    const tenant = findTenantCtx(db, trial.tenantId)
    if (!tenant) continue
    inTransaction({ tenant, db, now }, (c) => {
      if (!markTrialEndingAnnounced(c, trial.id)) return
      const endsAt = trial.trialEndsAt!
      emit(c, 'subscription.trial_ending', {
        subscriptionId: trial.id,
        plan: trial.planId,
        trialEndsAt: toIso(endsAt),
        daysRemaining: Math.max(0, Math.ceil((endsAt - now) / DAY)),
      })
      announced++
    })
  }
  return announced
}
