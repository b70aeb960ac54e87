import type { TenantScope } from '../../kernel/ctx'
import { transaction, type DbLike } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { newId, randomDigits, slugify } from '../../kernel/ids'
import { isValidTimeZone } from '../../kernel/time'
import { insertUser, type UserRow } from '../users/queries'
import { insertPlanSubscription } from '../billing/queries'
import { checkTrialDays } from '../billing/start-trial'
import { issueKey } from '../api-keys/issue-key'
import type { ApiKeyRow } from '../api-keys/queries'
import { findPlan, insertTenant, readableIdTaken, slugTaken, type TenantRow } from './queries'
import type { PlanId } from './schema'

export interface CreateTenantInput {
  name: string
  planId: PlanId
  timezone: string
  isDemo: boolean
  owner: { name: string; email: string }
  slug?: string
  /** Issue a first key for the owner: live on production tenants, demo on demo ones. */
  issueOwnerKey?: boolean
  /** Start on a trial of this many days (demo tenants always get the plan's trial). */
  trialDays?: number
}

export interface CreatedTenant {
  tenant: TenantRow
  owner: UserRow
  ownerKey: { row: ApiKeyRow; key: string } | null
}

/** A unique readable id: DEMO-###### for demo tenants, WF-###### for production ones. */
export function newReadableId(db: DbLike, isDemo: boolean): string {
  for (;;) {
    const id = `${isDemo ? 'DEMO' : 'WF'}-${randomDigits(6)}`
    if (!readableIdTaken(db, id)) return id
  }
}

function uniqueSlug(db: DbLike, base: string): string {
  let slug = slugify(base)
  for (let i = 2; slugTaken(db, slug); i++) slug = `${slugify(base)}-${i}`
  return slug
}

/** Creates a tenant with its OwnerAdmin, subscription and (optionally) a first key, atomically. */
export function createTenant(db: DbLike, input: CreateTenantInput, now: number): CreatedTenant {
  if (!isValidTimeZone(input.timezone)) throw new DomainError('invalid_argument', `Unknown time zone: ${input.timezone}`, { field: 'timezone' })
  const plan = findPlan(db, input.planId)
  if (!plan) throw new DomainError('invalid_argument', `Unknown plan: ${input.planId}`, { field: 'plan' })
  if (input.trialDays !== undefined) checkTrialDays(input.trialDays)
  const trialDays = input.isDemo ? plan.trialDays : (input.trialDays ?? null)
  return transaction(db, (tx) => {
    const readableId = newReadableId(tx, input.isDemo)
    const tenant = insertTenant(tx, {
      readableId,
      slug: uniqueSlug(tx, input.slug ?? (input.isDemo ? readableId : input.name)),
      name: input.name,
      planId: input.planId,
      timezone: input.timezone,
      isDemo: input.isDemo,
      createdAt: now,
    })
    // The tenant exists from here on: everything else is written in its scope.
    const c: TenantScope = { tenant, db: tx, now }
    const owner = insertUser(c, {
      id: newId(),
      name: input.owner.name,
      email: input.owner.email.toLowerCase(),
      role: 'owner_admin',
      status: 'active',
      workProfile: 'management',
      createdAt: now,
      activatedAt: now,
    })
    insertPlanSubscription(c, { planId: input.planId, status: trialDays ? 'trialing' : 'active', seats: 1, trialDays })
    const ownerKey = input.issueOwnerKey
      ? issueKey(c, {
          kind: input.isDemo ? 'demo' : 'live',
          scope: input.isDemo ? 'read' : 'read_write',
          role: 'owner_admin',
          name: 'Owner key',
          userId: owner.id,
          createdByUserId: owner.id,
          expiresAt: null,
        })
      : null
    return { tenant, owner, ownerKey }
  })
}
