import { t } from 'elysia'
import type { TenantBoundCtx, TenantScope } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Literals, Nullable } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { findCostCenterById } from '../payroll/cost-center-queries'
import { WORK_PROFILES } from '../users/schema'
import { findTeamByName, getTeamInTenant, insertTeam, type TeamRow } from './queries'
import { deleteTeamRow, moveMemberships, updateTeam, type TeamEdit } from './admin-queries'
import { teamMemberIds } from './membership'
import { Team, toTeam } from './model'
import { movePrimaryTeam } from './people-moves'

/*
 * Team configuration (issue 14): create, rename and set defaults, delete. Audited as team.*; the
 * spec's webhook catalogue has no team events.
 */

const TeamName = t.String({ minLength: 1, maxLength: 100, description: 'Team name, unique in the company (case-insensitive)' })
const TeamWorkProfile = Literals(WORK_PROFILES, { description: 'Work profile a person added to this team gets when none is given' })
const TeamRef = t.String({ ...Id, description: 'Team id (the CLI takes its name)' })

export const auditedTeam = (row: TeamRow) => ({
  name: row.name,
  description: row.description,
  manager_user_id: row.managerUserId,
  cost_center_id: row.costCenterId,
  work_profile: row.workProfile,
})

const invalid = (field: string, message: string) => new DomainError('invalid_argument', `${field} ${message}`, { errors: [{ field, message }] })

function assertNameFree(c: TenantScope, name: string, teamId: string | null): void {
  const other = findTeamByName(c, name)
  if (other && other.id !== teamId) throw new DomainError('conflict', `name: a team called ${other.name} already exists.`, { field: 'name', team_id: other.id })
}

function teamPatch(c: TenantScope, input: { description?: string | null; cost_center_id?: string | null; work_profile?: TeamRow['workProfile'] }): TeamEdit {
  const patch: TeamEdit = {}
  if (input.description !== undefined) patch.description = input.description?.trim() || null
  if (input.cost_center_id !== undefined) {
    if (input.cost_center_id !== null && !findCostCenterById(c, input.cost_center_id)) throw invalid('cost_center_id', 'names no cost center of this company')
    patch.costCenterId = input.cost_center_id
  }
  if (input.work_profile !== undefined) patch.workProfile = input.work_profile
  return patch
}

const Defaults = {
  description: t.Optional(Nullable(t.String({ maxLength: 500 }), { description: 'What the team does' })),
  cost_center_id: t.Optional(Nullable(t.String({ ...Id }), { description: 'Default cost center of the team’s people (the CLI takes its code)' })),
  work_profile: t.Optional(
    Nullable(TeamWorkProfile, { description: `Work profile a person added to this team gets when none is given: ${WORK_PROFILES.join(', ')}` }),
  ),
}

export const createTeam = defineOperation({
  name: 'create_team',
  title: 'Create a team',
  description: 'Creates a team (no members yet) with an optional description, default cost center and work profile for new members. Admin or above.',
  access: { role: 'admin', write: true },
  input: t.Object({ name: TeamName, ...Defaults }),
  output: Team,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const name = input.name.trim()
      assertNameFree(c, name, null)
      const created = insertTeam(c, { id: newId(), name })
      const team = updateTeam(c, created.id, teamPatch(c, input))
      recordChange(c, { action: 'team.created', entity: 'team', entityId: team.id, before: null, after: auditedTeam(team) })
      return toTeam(team)
    })
  },
})

export const updateTeamOp = defineOperation({
  name: 'update_team',
  title: 'Rename or edit a team',
  description: 'Renames a team or changes its description, default cost center or work profile for new members; null clears one. Admin or above.',
  access: { role: 'admin', write: true },
  input: t.Object({ team_id: TeamRef, name: t.Optional(TeamName), ...Defaults }),
  output: Team,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const before = getTeamInTenant(c, input.team_id)
      const patch = teamPatch(c, input)
      if (input.name !== undefined) {
        assertNameFree(c, input.name.trim(), before.id)
        patch.name = input.name.trim()
      }
      const team = updateTeam(c, before.id, patch)
      recordChange(c, { action: 'team.updated', entity: 'team', entityId: team.id, before: auditedTeam(before), after: auditedTeam(team) })
      return toTeam(team)
    })
  },
})

/**
 * Deletes a team. A team people still belong to is refused unless move_members_to_team_id names
 * where they go: their memberships (with their role) and their primary team move there first.
 */
export const deleteTeam = defineOperation({
  name: 'delete_team',
  title: 'Delete a team',
  description:
    'Deletes a team. Refused while people belong to it, unless move_members_to_team_id names the team they move to (memberships with their role, and the primary team). Team-level settings of other areas keyed to the team (e.g. team rates) go with it. Admin or above.',
  access: { role: 'admin', write: true },
  input: t.Object({
    team_id: TeamRef,
    move_members_to_team_id: t.Optional(t.String({ ...Id, description: 'Team the members move to (the CLI takes its name)' })),
  }),
  output: t.Object({ deleted_team_id: Id, name: t.String(), moved_members: t.Integer({ minimum: 0 }), moved_to_team_id: Nullable(Id) }),
  run(ctx: TenantBoundCtx, input) {
    return inTransaction(ctx, (c) => {
      const team = getTeamInTenant(c, input.team_id)
      const members = teamMemberIds(c, [team.id])
      let target: TeamRow | null = null
      if (input.move_members_to_team_id !== undefined) {
        target = getTeamInTenant(c, input.move_members_to_team_id)
        if (target.id === team.id) throw invalid('move_members_to_team_id', 'must be another team than the one deleted')
      }
      if (members.length > 0 && !target) {
        throw new DomainError(
          'conflict',
          `${team.name} still has ${members.length} member(s); remove them first or name the team they move to (move_members_to_team_id).`,
          { members: members.length },
        )
      }
      if (target) {
        moveMemberships(c, team.id, target.id)
        movePrimaryTeam(c, team.id, target.id, members)
      }
      try {
        deleteTeamRow(c, team.id)
      } catch (e) {
        if (String((e as { code?: string }).code ?? e).includes('FOREIGNKEY')) {
          throw new DomainError('conflict', `${team.name} is still referenced by other records; remove those first.`)
        }
        throw e
      }
      recordChange(c, {
        action: 'team.deleted',
        entity: 'team',
        entityId: team.id,
        before: auditedTeam(team),
        after: null,
        reason: target ? `members moved to ${target.name}` : null,
      })
      return { deleted_team_id: team.id, name: team.name, moved_members: target ? members.length : 0, moved_to_team_id: target?.id ?? null }
    })
  },
})
