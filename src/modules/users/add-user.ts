import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Nullable, RoleEnum } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { recordChange } from '../audit/audit-queries'
import { addMembership, findTeamByName, insertTeam, setTeamManagerIfNone } from '../teams/queries'
import { emit } from '../webhooks/outbox-queries'
import { updateUserFields } from './edit-queries'
import { auditedUser, EmploymentFields, employmentPatch, WorkProfileEnum } from './employment-rules'
import { findUserByEmail, insertUser } from './queries'
import { assertMayChangeRole } from './admin-guards'
import type { WorkProfile } from './schema'

/** The work profile a person gets when the admin names none: their team's, else the column default. */
export const FALLBACK_WORK_PROFILE: WorkProfile = 'operations'

/**
 * Adds an active person directly (the operator's `workforce users add`), optionally into a team
 * that is created when missing. A manager added to a team manages it (role_in_team manager, and
 * teams.manager_user_id when the team has none yet). Employment data can be set at once. Without
 * --work-profile the person gets the team's work profile, else `operations`, and the answer says
 * which (work_profile_source). Emits user.activated; audited as user.created.
 */
export const addUser = defineOperation({
  name: 'add_user',
  title: 'Add a user',
  description:
    'Adds an active user with a role (default employee), optionally into a team (created when missing) and with employment data. Managers added to a team manage it. Without work_profile the team’s work profile applies, else operations (work_profile_source says which). Emits user.activated.',
  access: { role: 'admin', write: true },
  input: t.Object({
    email: t.String({ format: 'email', maxLength: 254, description: 'Work email, unique in the company' }),
    name: t.String({ minLength: 1, maxLength: 200, description: 'Full name' }),
    role: t.Optional(RoleEnum),
    team: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'Team name (created when missing); becomes the primary team' })),
    ...EmploymentFields,
  }),
  output: t.Object({
    user_id: Id,
    email: t.String(),
    name: t.String(),
    role: RoleEnum,
    team_id: Nullable(Id),
    team_name: Nullable(t.String()),
    team_created: t.Boolean(),
    work_profile: WorkProfileEnum,
    work_profile_source: t.Union([t.Literal('given'), t.Literal('team'), t.Literal('default')], {
      description: 'given: from the input; team: the team’s work profile; default: neither was set, so operations',
    }),
  }),
  run(ctx, input) {
    const email = input.email.trim().toLowerCase()
    const role = input.role ?? 'employee'
    if (findUserByEmail(ctx, email)) throw new DomainError('conflict', `${email} already exists in this company.`, { field: 'email' })
    // An Admin adds employees and managers; Admins and OwnerAdmins are made by an OwnerAdmin.
    assertMayChangeRole(ctx, 'employee', role)
    return inTransaction(ctx, (c) => {
      const patch = employmentPatch(c, input, null)
      let team = input.team ? findTeamByName(c, input.team) : null
      const teamCreated = Boolean(input.team && !team)
      if (input.team && !team) team = insertTeam(c, { id: newId(), name: input.team.trim() })
      const source: 'given' | 'team' | 'default' = input.work_profile ? 'given' : team?.workProfile ? 'team' : 'default'
      const workProfile = input.work_profile ?? team?.workProfile ?? FALLBACK_WORK_PROFILE
      const inserted = insertUser(c, {
        id: newId(),
        name: input.name.trim(),
        email,
        role,
        status: 'active',
        createdAt: c.now,
        activatedAt: c.now,
        workProfile,
      })
      if (team) {
        const manages = role === 'manager'
        addMembership(c, { teamId: team.id, userId: inserted.id, roleInTeam: manages ? 'manager' : 'member' })
        if (manages) setTeamManagerIfNone(c, team.id, inserted.id)
      }
      const user = updateUserFields(c, inserted.id, { ...patch, workProfile, ...(team ? { primaryTeamId: team.id } : {}) })
      emit(c, 'user.activated', {
        userId: user.id,
        userEmail: email,
        via: 'added',
        userName: user.name,
        role: user.role,
        teamId: team?.id ?? null,
        activatedAt: toIso(c.now),
      })
      recordChange(c, { action: 'user.created', entity: 'user', entityId: user.id, before: null, after: auditedUser(user) })
      return {
        user_id: user.id,
        email,
        name: user.name,
        role: user.role,
        team_id: team?.id ?? null,
        team_name: team?.name ?? null,
        team_created: teamCreated,
        work_profile: user.workProfile,
        work_profile_source: source,
      }
    })
  },
})
