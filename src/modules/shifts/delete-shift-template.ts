import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { toShiftTemplate } from './model'
import { templateFor } from './schedule-model'
import { deleteTemplate, recurringUsingTemplate } from './schedule-queries'

export const deleteShiftTemplate = defineOperation({
  name: 'delete_shift_template',
  title: 'Delete a shift template',
  description:
    'Deletes a template no recurring schedule uses (delete or change those first). Days already scheduled keep their times and lose the template name.',
  access: { role: 'admin', write: true },
  input: t.Object({ template_id: t.String({ format: 'uuid', description: 'The shift template (its name on the CLI)' }) }),
  output: t.Object({ template_id: Id, deleted: t.Boolean() }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const old = templateFor(c, input.template_id)
      const users = recurringUsingTemplate(c, old.id)
      if (users.length > 0)
        throw new DomainError('conflict', `template_id: ${users.length} recurring schedule(s) use this template: delete or change them first.`, {
          field: 'template_id',
          schedule_ids: users.map((u) => u.id),
        })
      deleteTemplate(c, old.id)
      recordChange(c, { action: 'shift_template.deleted', entity: 'shift_template', entityId: old.id, before: toShiftTemplate(old), after: null })
      return { template_id: old.id, deleted: true }
    })
  },
})
