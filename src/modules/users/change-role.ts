import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { RoleEnum } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { inTransaction } from '../../kernel/db'
import { emit } from '../webhooks/outbox-queries'
import { recordChange } from '../audit/audit-queries'
import { auditedUser } from './employment-rules'
import { getUserInTenant } from './queries'
import { updateUserRole } from './users-admin-queries'
import { assertMayChangeRole, assertMayManage, assertNotLastOwnerAdmin } from './admin-guards'
import { AdminUserOutput, actorEmail, toAdminUser } from './admin-user-model'

export const ChangeRoleInput = t.Object({
  user_id: t.String({ format: 'uuid', description: 'User id' }),
  role: RoleEnum,
})

/**
 * Changes a user's role. Keys bound to the user act with the new role from the next request on.
 * Admin and OwnerAdmin are granted and taken away by an OwnerAdmin only; the last active
 * OwnerAdmin cannot be demoted.
 */
export const changeRole = defineOperation({
  name: 'change_user_role',
  title: "Change a user's role",
  description:
    "Sets a user's role (employee, manager, admin, owner_admin). Admin or above; only an OwnerAdmin grants or removes admin and owner_admin; nobody demotes the last OwnerAdmin; not your own role. Emits user.role_changed.",
  access: { role: 'admin', write: true },
  input: ChangeRoleInput,
  output: AdminUserOutput,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const target = getUserInTenant(c, input.user_id)
      assertMayManage(c, target, 'change the role of')
      if (target.role === input.role) return { user: toAdminUser(target), changed: false }
      assertMayChangeRole(c, target.role, input.role)
      if (input.role !== 'owner_admin') assertNotLastOwnerAdmin(c, target)
      const user = updateUserRole(c, target.id, input.role)
      emit(c, 'user.role_changed', {
        userId: user.id,
        userEmail: user.email,
        previousRole: target.role,
        role: user.role,
        changedByEmail: actorEmail(c),
        changedAt: toIso(c.now),
      })
      recordChange(c, { action: 'user.role_changed', entity: 'user', entityId: user.id, before: auditedUser(target), after: auditedUser(user) })
      return { user: toAdminUser(user), changed: true }
    })
  },
})
