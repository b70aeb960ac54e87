import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Nullable, RoleEnum } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { addMembership, findTeamByName, insertTeam, setTeamManagerIfNone } from '../teams/queries'
import { emit } from '../webhooks/outbox-queries'
import { findUserByEmail, insertUser, setPrimaryTeam } from './queries'

/**
 * Adds an active person directly (the operator's `workforce users add`), optionally into a team
 * that is created when missing. A manager added to a team manages it (role_in_team manager, and
 * teams.manager_user_id when the team has none yet). Emits user.activated.
 */
export const addUser = defineOperation({
  name: 'add_user',
  title: 'Add a user',
  description: 'Adds an active user with a role, optionally into a team (created when missing). Managers added to a team manage it.',
  access: { role: 'admin', write: true },
  input: t.Object({
    email: t.String({ format: 'email', maxLength: 254 }),
    name: t.String({ minLength: 1, maxLength: 200 }),
    role: RoleEnum,
    team: t.Optional(t.String({ minLength: 1, maxLength: 100, description: 'Team name' })),
    job_title: t.Optional(t.String({ maxLength: 100 })),
  }),
  output: t.Object({
    user_id: Id,
    email: t.String(),
    name: t.String(),
    role: RoleEnum,
    team_id: Nullable(Id),
    team_name: Nullable(t.String()),
    team_created: t.Boolean(),
  }),
  run(ctx, input) {
    const email = input.email.trim().toLowerCase()
    if (findUserByEmail(ctx, email)) throw new DomainError('conflict', `${email} already exists in this company.`)
    return inTransaction(ctx, (c) => {
      const user = insertUser(c, {
        id: newId(),
        name: input.name,
        email,
        role: input.role,
        status: 'active',
        jobTitle: input.job_title ?? null,
        createdAt: c.now,
        activatedAt: c.now,
      })
      let team = input.team ? findTeamByName(c, input.team) : null
      const teamCreated = Boolean(input.team && !team)
      if (input.team && !team) team = insertTeam(c, { id: newId(), name: input.team })
      if (team) {
        const manages = input.role === 'manager'
        addMembership(c, { teamId: team.id, userId: user.id, roleInTeam: manages ? 'manager' : 'member' })
        if (manages) setTeamManagerIfNone(c, team.id, user.id)
        setPrimaryTeam(c, user.id, team.id)
      }
      emit(c, 'user.activated', {
        userId: user.id,
        userEmail: email,
        via: 'added',
        userName: user.name,
        role: user.role,
        teamId: team?.id ?? null,
        activatedAt: toIso(c.now),
      })
      return { user_id: user.id, email, name: user.name, role: user.role, team_id: team?.id ?? null, team_name: team?.name ?? null, team_created: teamCreated }
    })
  },
})
