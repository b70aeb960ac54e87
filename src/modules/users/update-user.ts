import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { inTransaction } from '../../kernel/db'
import { Id, Nullable } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { recomputeCategories } from '../activity/recategorize'
import { personTeamsChanged } from '../teams/team-change-effects'
import { ensureMembership } from '../teams/admin-queries'
import { updateUserFields, type UserEdit } from './edit-queries'
import { assertMayManage } from './admin-guards'
import { auditedUser, checkTeam, EmploymentFields, employmentPatch } from './employment-rules'
import { findUserByEmail, getUserInTenant } from './queries'
import { getUser, UserProfile } from './get-user'

/**
 * Edits a person's profile and employment data (the operator's `workforce users update`). Only
 * the fields given change; null clears an optional one. Audited as user.updated with before and
 * after; the spec's webhook catalogue has no event for it.
 */
export const updateUser = defineOperation({
  name: 'update_user',
  title: 'Edit a user',
  description:
    'Changes a person’s name, email, job title, employee number (unique in the company), contract hours, cost center, work profile, start date, home office or primary team. Only the fields given change; null clears one. Admin or above; not someone of a higher role. Audited (user.updated).',
  access: { role: 'admin', write: true },
  input: t.Object({
    user_id: t.String({ ...Id, description: 'User id (the CLI takes the e-mail)' }),
    name: t.Optional(t.String({ minLength: 1, maxLength: 200, description: 'Full name' })),
    email: t.Optional(t.String({ format: 'email', maxLength: 254, description: 'Work email, unique in the company' })),
    ...EmploymentFields,
    primary_team_id: t.Optional(Nullable(t.String({ ...Id }), { description: 'Primary team (the CLI takes its name); the person becomes a member of it' })),
  }),
  output: UserProfile,
  run(ctx, input) {
    inTransaction(ctx, (c) => {
      const target = getUserInTenant(c, input.user_id)
      // Editing one's own employment data cannot lock anyone out; the rank rule still applies.
      if (target.id !== c.actor.userId) assertMayManage(c, target, 'edit')
      const patch: UserEdit = employmentPatch(c, input, target.id)
      if (input.name !== undefined) patch.name = input.name.trim()
      if (input.email !== undefined) {
        const email = input.email.trim().toLowerCase()
        if (email !== target.email) {
          if (target.status === 'invited') {
            throw new DomainError('conflict', `${target.email} has not accepted the invitation yet; revoke it and invite ${email} instead.`, { field: 'email' })
          }
          const holder = findUserByEmail(c, email)
          if (holder) throw new DomainError('conflict', `email ${email} is already used by another person of this company.`, { field: 'email' })
          patch.email = email
        }
      }
      if (input.primary_team_id !== undefined) {
        if (input.primary_team_id !== null) {
          checkTeam(c, 'primary_team_id', input.primary_team_id)
          ensureMembership(c, input.primary_team_id, target.id)
        }
        patch.primaryTeamId = input.primary_team_id
      }
      const user = updateUserFields(c, target.id, patch)
      recordChange(c, { action: 'user.updated', entity: 'user', entityId: user.id, before: auditedUser(target), after: auditedUser(user) })
      // Category rules depend on the work profile and the teams: past days are scored again.
      if (user.primaryTeamId !== target.primaryTeamId) personTeamsChanged(c, user.id)
      else if (user.workProfile !== target.workProfile) recomputeCategories(c, [user.id])
    })
    return getUser.run(ctx, { user_id: input.user_id })
  },
})
