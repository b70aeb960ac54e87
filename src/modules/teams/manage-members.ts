import { t } from 'elysia'
import { roleAtLeast } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import type { TenantScope } from '../../kernel/ctx'
import { Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { personTeamsChanged } from './team-change-effects'
import { clearPrimaryTeamIf } from '../users/edit-queries'
import { getUserInTenant, setPrimaryTeam, type UserRow } from '../users/queries'
import { addMembership, getTeamInTenant, type TeamRow } from './queries'
import { ensureMembership, findMembership, managerMemberIds, removeMembership, setMembershipRole, updateTeam } from './admin-queries'
import { teamIdsOf } from './membership'
import { Team, toTeam } from './model'
import { auditedTeam } from './manage-teams'

/*
 * Who is in a team and who manages it (issue 14). The membership rule (membership.ts) counts a
 * membership row or the primary team; a team is managed by teams.manager_user_id and by members
 * with role_in_team manager, and its managers see exactly its members (users/visibility.ts).
 */

const Input = t.Object({
  team_id: t.String({ ...Id, description: 'Team id (the CLI takes its name)' }),
  user_id: t.String({ ...Id, description: 'User id (the CLI takes the e-mail)' }),
})

const Output = t.Object({
  team: Team,
  user_id: Id,
  role_in_team: t.Union([t.Literal('member'), t.Literal('manager'), t.Literal('none')], { description: 'The person’s place in the team after the change' }),
  changed: t.Boolean({ description: 'false when nothing had to change' }),
})

const membershipState = (c: TenantScope, team: TeamRow, user: UserRow) => ({
  team_id: team.id,
  user_id: user.id,
  role_in_team: findMembership(c, team.id, user.id)?.roleInTeam ?? (user.primaryTeamId === team.id ? 'member' : null),
  is_primary_team: user.primaryTeamId === team.id,
})

function answer(c: TenantScope, teamId: string, userId: string, changed: boolean) {
  const team = getTeamInTenant(c, teamId)
  const user = getUserInTenant(c, userId)
  const state = membershipState(c, team, user)
  return { team: toTeam(team), user_id: userId, role_in_team: state.role_in_team ?? ('none' as const), changed }
}

export const addTeamMember = defineOperation({
  name: 'add_team_member',
  title: 'Add a person to a team',
  description:
    'Makes a person a member of a team (a person may belong to several teams). primary: true also makes it their primary team; a person without a primary team gets this one. Admin or above.',
  access: { role: 'admin', write: true },
  input: t.Object({ ...Input.properties, primary: t.Optional(t.Boolean({ description: 'Make it the person’s primary team' })) }),
  output: Output,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const team = getTeamInTenant(c, input.team_id)
      const user = getUserInTenant(c, input.user_id)
      const before = membershipState(c, team, user)
      ensureMembership(c, team.id, user.id)
      if (input.primary || user.primaryTeamId === null) setPrimaryTeam(c, user.id, team.id)
      const after = membershipState(c, team, getUserInTenant(c, user.id))
      const changed = JSON.stringify(before) !== JSON.stringify(after)
      recordChange(c, { action: 'team.member_added', entity: 'team', entityId: team.id, before, after })
      if (changed) personTeamsChanged(c, user.id)
      return answer(c, team.id, user.id, changed)
    })
  },
})

export const removeTeamMember = defineOperation({
  name: 'remove_team_member',
  title: 'Remove a person from a team',
  description:
    'Takes a person out of a team: their membership (and manager role in it) ends, and it stops being their primary team. Their records stay. Admin or above.',
  access: { role: 'admin', write: true },
  input: Input,
  output: Output,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const team = getTeamInTenant(c, input.team_id)
      const user = getUserInTenant(c, input.user_id)
      const before = membershipState(c, team, user)
      if (before.role_in_team === null) return answer(c, team.id, user.id, false)
      removeMembership(c, team.id, user.id)
      clearPrimaryTeamIf(c, user.id, team.id)
      if (team.managerUserId === user.id) updateTeam(c, team.id, { managerUserId: managerMemberIds(c, team.id)[0] ?? null })
      const after = membershipState(c, team, getUserInTenant(c, user.id))
      recordChange(c, { action: 'team.member_removed', entity: 'team', entityId: team.id, before, after })
      personTeamsChanged(c, user.id)
      return answer(c, team.id, user.id, true)
    })
  },
})

export const setTeamManager = defineOperation({
  name: 'set_team_manager',
  title: 'Make someone a manager of a team',
  description:
    'Makes a person a manager of a team (a team can have several): they become a member with role_in_team manager and see and approve its members. The person needs the manager role or above (change_user_role first). Admin or above.',
  access: { role: 'admin', write: true },
  input: Input,
  output: Output,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const team = getTeamInTenant(c, input.team_id)
      const user = getUserInTenant(c, input.user_id)
      if (!roleAtLeast(user.role, 'manager')) {
        throw new DomainError(
          'conflict',
          `${user.email} has the ${user.role} role, which sees only their own data; give them the manager role first (workforce users set-role ${user.email} manager).`,
          { field: 'user_id' },
        )
      }
      if (user.status === 'deactivated') throw new DomainError('conflict', `${user.email} is deactivated; reactivate them first.`, { field: 'user_id' })
      const before = { ...auditedTeam(team), managers: managersOf(c, team) }
      if (findMembership(c, team.id, user.id)?.roleInTeam === 'manager' && team.managerUserId !== null) return answer(c, team.id, user.id, false)
      addMembership(c, { teamId: team.id, userId: user.id, roleInTeam: 'manager' })
      if (team.managerUserId === null) updateTeam(c, team.id, { managerUserId: user.id })
      const after = getTeamInTenant(c, team.id)
      recordChange(c, {
        action: 'team.manager_set',
        entity: 'team',
        entityId: team.id,
        before,
        after: { ...auditedTeam(after), managers: managersOf(c, after) },
      })
      return answer(c, team.id, user.id, true)
    })
  },
})

export const unsetTeamManager = defineOperation({
  name: 'unset_team_manager',
  title: 'Stop someone managing a team',
  description:
    'The person stays a member of the team but no longer manages it (they stop seeing its members unless they manage another team of theirs). Admin or above.',
  access: { role: 'admin', write: true },
  input: Input,
  output: Output,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const team = getTeamInTenant(c, input.team_id)
      const user = getUserInTenant(c, input.user_id)
      const managers = managersOf(c, team)
      if (!managers.includes(user.id)) return answer(c, team.id, user.id, false)
      const before = { ...auditedTeam(team), managers }
      if (findMembership(c, team.id, user.id)) setMembershipRole(c, team.id, user.id, 'member')
      if (team.managerUserId === user.id) {
        updateTeam(c, team.id, { managerUserId: managerMemberIds(c, team.id).find((id) => id !== user.id) ?? null })
        // The named manager was not always a member: they stay in the team as a member.
        if (!teamIdsOf(c, user.id).includes(team.id)) ensureMembership(c, team.id, user.id)
      }
      const after = getTeamInTenant(c, team.id)
      recordChange(c, {
        action: 'team.manager_unset',
        entity: 'team',
        entityId: team.id,
        before,
        after: { ...auditedTeam(after), managers: managersOf(c, after) },
      })
      return answer(c, team.id, user.id, true)
    })
  },
})

/** Everyone who manages the team: the named manager and members with role_in_team manager. */
function managersOf(c: TenantScope, team: TeamRow): string[] {
  const ids = new Set(managerMemberIds(c, team.id))
  if (team.managerUserId) ids.add(team.managerUserId)
  return [...ids].sort()
}
