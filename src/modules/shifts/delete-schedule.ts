import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { resyncRecurring } from './recurring-sync'
import { toRecurringSchedule } from './schedule-model'
import { deleteRecurring, getRecurringInTenant, updateRecurring } from './schedule-queries'

export const deleteSchedule = defineOperation({
  name: 'delete_schedule',
  title: 'Delete a recurring schedule',
  description: 'Deletes a recurring schedule: its days from today on are removed; past days stay (as history, without the link).',
  access: { role: 'admin', write: true },
  input: t.Object({ schedule_id: Id }),
  output: t.Object({ schedule_id: Id, deleted: t.Boolean() }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const old = getRecurringInTenant(c, input.schedule_id)
      // Withdrawn first, so its days from today on go (found through their link), then deleted.
      updateRecurring(c, old.id, { status: 'draft' })
      resyncRecurring(c, [old], { fromStart: false })
      deleteRecurring(c, old.id)
      recordChange(c, { action: 'schedule.deleted', entity: 'schedule', entityId: old.id, before: toRecurringSchedule(old), after: null })
      return { schedule_id: old.id, deleted: true }
    })
  },
})
