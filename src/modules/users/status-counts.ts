import type { TenantScope } from '../../kernel/ctx'
import { keptStatusCounts } from '../../kernel/status-counts'
import type { UserStatus } from './schema'

/**
 * tenant_user_counts: the people of each tenant per status, kept by triggers on users
 * (kernel/status-counts.ts). The dashboard's headcount and the people list's total read it
 * instead of counting the tenant's users on every call (issue 18: a full page of list_employees
 * cost twice as much at 10,000 people as at 1,000). The dashboard module kept the same counts
 * with triggers of its own names before the table moved here: they are dropped at start.
 */
const kept = keptStatusCounts<UserStatus>({
  counts: 'tenant_user_counts',
  rows: 'users',
  prefix: 'user_counts',
  formerTriggers: ['tenant_day_users_insert', 'tenant_day_users_delete', 'tenant_day_users_update'],
})

export const ensureUserStatusCounts = kept.ensure

/** People of the tenant in these statuses (every status when null), from tenant_user_counts. */
export const countPeopleInStatuses = (c: TenantScope, statuses: readonly UserStatus[] | null): number => kept.count(c, statuses)
