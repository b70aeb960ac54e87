import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Int } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { resyncRecurring } from './recurring-sync'
import { RecurringSchedule, toRecurringSchedule } from './schedule-model'
import { getRecurringInTenant, updateRecurring } from './schedule-queries'

export const unpublishSchedule = defineOperation({
  name: 'unpublish_schedule',
  title: 'Unpublish a recurring schedule',
  description: 'Turns a published recurring schedule back into a draft: its days from today on are removed (past days stay).',
  access: { role: 'admin', write: true },
  input: t.Object({ schedule_id: Id }),
  output: t.Object({ schedule: RecurringSchedule, days_changed: Int({ minimum: 0 }) }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const old = getRecurringInTenant(c, input.schedule_id)
      const row = updateRecurring(c, old.id, { status: 'draft' })
      const changed = resyncRecurring(c, [old], { fromStart: false })
      const after = toRecurringSchedule(row)
      recordChange(c, { action: 'schedule.unpublished', entity: 'schedule', entityId: row.id, before: toRecurringSchedule(old), after })
      return { schedule: after, days_changed: changed }
    })
  },
})
