import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { toIso } from '../../kernel/time'
import { inTransaction } from '../../kernel/db'
import { syncPersonSchedules } from '../shifts/materialize'
import { emit } from '../webhooks/outbox-queries'
import { recordChange } from '../audit/audit-queries'
import { auditedUser } from './employment-rules'
import { getUserInTenant } from './queries'
import { updateUserStatus } from './users-admin-queries'
import { assertMayManage } from './admin-guards'
import { AdminUserOutput, UserRef, actorEmail, toAdminUser } from './admin-user-model'

/** Reactivates a deactivated user: their existing keys work again; emits user.activated. */
export const reactivateUser = defineOperation({
  name: 'reactivate_user',
  title: 'Reactivate a user',
  description:
    'Reactivates a deactivated user; their keys that were not revoked work again. Admin or above; not someone of a higher role. Emits user.activated with via "reactivation".',
  access: { role: 'admin', write: true },
  input: UserRef,
  output: AdminUserOutput,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const target = getUserInTenant(c, input.user_id)
      assertMayManage(c, target, 'reactivate')
      if (target.status !== 'deactivated') throw new DomainError('conflict', `${target.email} is ${target.status}, not deactivated.`)
      const user = updateUserStatus(c, target.id, ['deactivated'], { status: 'active', activatedAt: c.now, deactivatedAt: null })
      if (!user) throw new DomainError('conflict', `${target.email} changed status meanwhile; try again.`)
      emit(c, 'user.activated', {
        userId: user.id,
        userEmail: user.email,
        via: 'reactivation',
        activatedByEmail: actorEmail(c),
        activatedAt: toIso(c.now),
      })
      // Their team's published schedules apply to them again from today.
      syncPersonSchedules(c, user.id)
      recordChange(c, { action: 'user.reactivated', entity: 'user', entityId: user.id, before: auditedUser(target), after: auditedUser(user) })
      return { user: toAdminUser(user), changed: true }
    })
  },
})
