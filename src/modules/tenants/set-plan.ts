import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { transaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { findCurrentSubscription, updateSubscriptionPlan } from '../billing/queries'
import { emitEvent } from '../webhooks/queries'
import { findPlan, findTenantById, updateTenantPlan } from './queries'
import { PLAN_IDS, type PlanId } from './schema'

export const PlanIdEnum = t.Union(PLAN_IDS.map((p) => t.Literal(p)))

/** Changes the tenant's plan (operator action): subscription.plan_changed in the same transaction. */
export const setPlan = defineOperation({
  name: 'set_plan',
  title: 'Change the plan',
  description: "Moves the tenant to another plan. Only the operator's CLI or the OwnerAdmin may; REST tokens never can.",
  access: { role: 'owner_admin', write: true },
  input: t.Object({ plan: PlanIdEnum }),
  output: t.Object({ previous_plan: t.String(), plan: t.String(), changed: t.Boolean() }),
  run(ctx, input) {
    const plan = input.plan as PlanId
    if (!findPlan(ctx.db, plan)) throw new DomainError('invalid_argument', `Unknown plan: ${plan}`, { field: 'plan' })
    return transaction(ctx.db, (tx) => {
      const tenant = findTenantById(tx, ctx.tenant.id)
      if (!tenant) throw new DomainError('not_found', 'Tenant not found.')
      const previous = tenant.planId
      if (previous === plan) return { previous_plan: previous, plan, changed: false }
      updateTenantPlan(tx, tenant.id, plan)
      const sub = findCurrentSubscription(tx, tenant.id)
      if (sub) updateSubscriptionPlan(tx, tenant.id, sub.id, plan, ctx.now)
      emitEvent(tx, tenant.id, 'subscription.plan_changed', { previousPlan: previous, plan, changedAt: new Date(ctx.now).toISOString() }, ctx.now)
      return { previous_plan: previous, plan, changed: true }
    })
  },
})
