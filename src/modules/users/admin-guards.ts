import { effectiveRole, roleAtLeast, roleRank } from '../../kernel/access'
import { ROLE_LABELS, type TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import type { UserRow } from './queries'
import { countActiveOwnerAdmins } from './users-admin-queries'

/**
 * Rules every admin action on a user shares: nobody acts on their own account here (it would be
 * easy to lock oneself out), and nobody acts on someone of a higher role than their own.
 */
export function assertMayManage(ctx: TenantBoundCtx, target: UserRow, action: string): void {
  if (ctx.actor.userId !== null && target.id === ctx.actor.userId) {
    throw new DomainError('forbidden', `You cannot ${action} your own account; ask another administrator.`)
  }
  if (roleRank(target.role) > roleRank(effectiveRole(ctx.actor))) {
    throw new DomainError('forbidden', `Only an ${ROLE_LABELS[target.role]} can ${action} an ${ROLE_LABELS[target.role]}.`)
  }
}

/** Admin roles are granted and taken away by an OwnerAdmin only. */
export function assertMayChangeRole(ctx: TenantBoundCtx, from: UserRow['role'], to: UserRow['role']): void {
  if ((roleAtLeast(from, 'admin') || roleAtLeast(to, 'admin')) && effectiveRole(ctx.actor) !== 'owner_admin') {
    throw new DomainError('forbidden', 'Only an OwnerAdmin can grant or take away the Admin and OwnerAdmin roles.')
  }
}

/** The tenant keeps at least one active OwnerAdmin: refuses to remove the last one. */
export function assertNotLastOwnerAdmin(ctx: TenantBoundCtx, target: UserRow): void {
  if (target.role === 'owner_admin' && target.status === 'active' && countActiveOwnerAdmins(ctx) <= 1) {
    throw new DomainError('conflict', `${target.email} is the last active OwnerAdmin of the tenant; make someone else OwnerAdmin first.`)
  }
}
