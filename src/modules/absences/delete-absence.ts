import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { toAbsence } from './model'
import { deleteAbsence, getAbsenceInTenant } from './queries'

export const deleteAbsenceOp = defineOperation({
  name: 'delete_absence',
  title: 'Delete time off',
  description: 'Removes an absence (e.g. vacation cancelled): alerts and payroll treat those days as ordinary days again.',
  access: { role: 'admin', write: true },
  input: t.Object({ absence_id: Id }),
  output: t.Object({ absence_id: Id, deleted: t.Boolean() }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const old = getAbsenceInTenant(c, input.absence_id)
      deleteAbsence(c, old.id)
      recordChange(c, { action: 'absence.deleted', entity: 'absence', entityId: old.id, before: toAbsence(old), after: null })
      return { absence_id: old.id, deleted: true }
    })
  },
})
