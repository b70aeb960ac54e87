import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { Nullable } from '../../kernel/schemas'
import { findPlan } from '../tenants/queries'
import { Plan, Subscription, toPlan, toSubscription } from './model'
import { countActiveUsers } from '../users/queries'
import { findCurrentSubscription } from './queries'

export const getBilling = defineOperation({
  name: 'get_billing',
  title: 'Get billing',
  description: 'The tenant’s plan, subscription, seats (paid and in use) and trial. Read only: billing cannot be changed through the API.',
  access: { role: 'admin' },
  input: t.Object({}),
  output: t.Object({ plan: Plan, subscription: Nullable(Subscription) }),
  run(ctx) {
    const plan = findPlan(ctx.db, ctx.tenant.planId)
    if (!plan) throw new DomainError('internal_error', 'The tenant’s plan is missing from the catalogue.')
    const sub = findCurrentSubscription(ctx)
    return { plan: toPlan(plan), subscription: sub ? toSubscription(sub, countActiveUsers(ctx, null), ctx.now) : null }
  },
})
