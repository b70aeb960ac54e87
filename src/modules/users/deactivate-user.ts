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
import { assertMayManage, assertNotLastOwnerAdmin } from './admin-guards'
import { AdminUserOutput, UserRef, actorEmail, toAdminUser } from './admin-user-model'

/**
 * Deactivates a user: their keys stop working at once (authentication refuses deactivated
 * users) and user.deactivated is emitted. Their data stays; reactivation restores access.
 */
export const deactivateUser = defineOperation({
  name: 'deactivate_user',
  title: 'Deactivate a user',
  description:
    'Deactivates an active or invited user of the tenant. Their keys are refused from the next request on; their records are kept. Admin or above; not yourself, not someone of a higher role, never the last OwnerAdmin. Emits user.deactivated.',
  access: { role: 'admin', write: true },
  input: UserRef,
  output: AdminUserOutput,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const target = getUserInTenant(c, input.user_id)
      assertMayManage(c, target, 'deactivate')
      if (target.status === 'deactivated') throw new DomainError('conflict', `${target.email} is already deactivated.`)
      assertNotLastOwnerAdmin(c, target)
      const user = updateUserStatus(c, target.id, ['active', 'invited'], { status: 'deactivated', deactivatedAt: c.now })
      if (!user) throw new DomainError('conflict', `${target.email} changed status meanwhile; try again.`)
      emit(c, 'user.deactivated', {
        userId: user.id,
        userEmail: user.email,
        previousStatus: target.status,
        deactivatedByEmail: actorEmail(c),
        deactivatedAt: toIso(c.now),
      })
      // Their future scheduled days go: nobody expects them any more.
      syncPersonSchedules(c, user.id)
      recordChange(c, { action: 'user.deactivated', entity: 'user', entityId: user.id, before: auditedUser(target), after: auditedUser(user) })
      return { user: toAdminUser(user), changed: true }
    })
  },
})
