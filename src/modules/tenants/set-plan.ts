import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { findCurrentSubscription, updateSubscriptionPlan } from '../billing/queries'
import { MAX_TRIAL_DAYS, startTrial } from '../billing/start-trial'
import { Instant, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import { emit } from '../webhooks/outbox-queries'
import { findPlan, getTenantRow, updateTenantPlan } from './queries'
import { PLAN_IDS, type PlanId } from './schema'

export const PlanIdEnum = t.Union(PLAN_IDS.map((p) => t.Literal(p)))

/** Changes the tenant's plan (operator action): subscription.plan_changed in the same transaction. */
export const setPlan = defineOperation({
  name: 'set_plan',
  title: 'Change the plan',
  description:
    "Moves the tenant to another plan, optionally on a trial of trial_days days (subscription.trial_ending is sent 3 days before it ends). Only the operator's CLI or the OwnerAdmin may; REST tokens never can.",
  access: { role: 'owner_admin', write: true },
  input: t.Object({
    plan: PlanIdEnum,
    trial_days: t.Optional(t.Integer({ minimum: 1, maximum: MAX_TRIAL_DAYS, description: 'Start a trial of the plan lasting this many days' })),
  }),
  output: t.Object({ previous_plan: t.String(), plan: t.String(), changed: t.Boolean(), trial_ends_at: Nullable(Instant) }),
  run(ctx, input) {
    const plan = input.plan as PlanId
    if (!findPlan(ctx.db, plan)) throw new DomainError('invalid_argument', `Unknown plan: ${plan}`, { field: 'plan' })
    return inTransaction(ctx, (c) => {
      const previous = getTenantRow(c).planId
      const changed = previous !== plan
      if (changed) {
        updateTenantPlan(c, plan)
        const sub = findCurrentSubscription(c)
        if (sub) updateSubscriptionPlan(c, sub.id, plan)
        emit(c, 'subscription.plan_changed', { previousPlan: previous, plan, changedAt: toIso(c.now) })
      }
      const trial = input.trial_days === undefined ? null : startTrial(c, input.trial_days)
      return { previous_plan: previous, plan, changed, trial_ends_at: toIsoOrNull(trial?.trialEndsAt) }
    })
  },
})
