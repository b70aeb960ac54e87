import { actorHasRole } from '../../kernel/access'
import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { teamMemberIds } from '../teams/membership'
import { requireTeamInTenant, managedTeamIds } from '../teams/queries'
import { getUserInTenant, type UserRow } from './queries'

/**
 * Whose data a caller may read, beyond what `access` already checked: admins (and the system)
 * everyone in the tenant, managers the people of the teams they manage (the membership rule of
 * teams/membership.ts) plus themselves, employees only themselves. Every read tool that returns
 * other people's rows goes through this one helper.
 */
export interface Visibility {
  /** True for admins, owner admins and the system: no user filter. */
  all: boolean
  /** Users visible when `all` is false (self included when the key is bound to a user). */
  userIds: string[]
  /** Teams a manager manages; null for admins (every team). */
  teamIds: string[] | null
  scope: 'organization' | 'team' | 'self'
}

export function visibility(ctx: TenantBoundCtx): Visibility {
  const actor = ctx.actor
  if (actorHasRole(actor, 'admin')) {
    return { all: true, userIds: [], teamIds: null, scope: 'organization' }
  }
  const self = actor.userId
  if (actor.kind !== 'anonymous' && actor.role === 'manager' && self) {
    const teamIds = managedTeamIds(ctx, self)
    const members = new Set(teamMemberIds(ctx, teamIds))
    members.add(self)
    return { all: false, userIds: [...members], teamIds, scope: 'team' }
  }
  return { all: false, userIds: self ? [self] : [], teamIds: [], scope: 'self' }
}

const canSee = (v: Visibility, userId: string): boolean => v.all || v.userIds.includes(userId)

/** Refuses to show a colleague the caller may not see (the id exists in the tenant). */
export function assertCanSee(v: Visibility, userId: string, what = 'this person'): void {
  if (!canSee(v, userId)) {
    const who = v.scope === 'self' ? 'Your role sees only your own data' : 'You see only the members of the teams you manage'
    throw new DomainError('forbidden', `${who}; ${what} is outside it.`)
  }
}

/**
 * The user ids a team filter resolves to, for the caller: the team must exist in the tenant
 * (else not_found) and, for managers, be one they manage (else forbidden). Employees may filter
 * by any team; scopeUserIds then narrows the result to themselves.
 */
export function usersOfTeam(ctx: TenantBoundCtx, v: Visibility, teamId: string): string[] {
  requireTeamInTenant(ctx, teamId)
  if (v.scope === 'team' && v.teamIds !== null && !v.teamIds.includes(teamId)) {
    throw new DomainError('forbidden', 'You can only look at teams you manage.')
  }
  return teamMemberIds(ctx, [teamId])
}

/** Restricts a user filter to what the caller sees: null means "everyone" (admins only). */
export function scopeUserIds(v: Visibility, requested: string[] | null): string[] | null {
  if (requested === null) return v.all ? null : v.userIds
  return v.all ? requested : requested.filter((id) => v.userIds.includes(id))
}

/**
 * Visibility for the Manager-or-above reads of people's data (REST users, timesheets, activity).
 * A manager sees the teams they manage, so a Manager-role token must be bound to that manager:
 * a tenant-level Manager token has no teams, and is refused with a clear message rather than
 * answered with empty lists that would look like "nobody worked". Admin tokens see everyone.
 */
export function managerVisibility(ctx: TenantBoundCtx): Visibility {
  const v = visibility(ctx)
  if (!v.all && ctx.actor.userId === null) {
    throw new DomainError(
      'forbidden',
      'A Manager-role token sees the teams of the manager it is bound to, and this token is bound to no one. Use a token bound to a manager (workforce keys create --kind api --user EMAIL) or an Admin-role token.',
    )
  }
  return v
}

/** The person behind an id, when the caller may see them: not_found across tenants, forbidden outside the caller's teams. */
export function visibleUser(ctx: TenantBoundCtx, userId: string, what = 'this person'): UserRow {
  const user = getUserInTenant(ctx, userId)
  assertCanSee(managerVisibility(ctx), user.id, what)
  return user
}
