import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Int } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { resyncRecurring } from './recurring-sync'
import { RecurringSchedule, toRecurringSchedule } from './schedule-model'
import { getRecurringInTenant, updateRecurring } from './schedule-queries'

export const publishSchedule = defineOperation({
  name: 'publish_schedule',
  title: 'Publish a recurring schedule',
  description:
    'Publishes a draft (or re-publishes) recurring schedule: its days are written from its from date (at most 93 days back) to 8 weeks ahead and then drive "not clocked in" alerts, overtime against schedule, auto clock-out and /api/v1/shifts.',
  access: { role: 'admin', write: true },
  input: t.Object({ schedule_id: Id }),
  output: t.Object({ schedule: RecurringSchedule, days_changed: Int({ minimum: 0 }) }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const old = getRecurringInTenant(c, input.schedule_id)
      const row = updateRecurring(c, old.id, { status: 'published', publishedAt: c.now })
      const changed = resyncRecurring(c, [row], { fromStart: true })
      const after = toRecurringSchedule(row)
      recordChange(c, { action: 'schedule.published', entity: 'schedule', entityId: row.id, before: toRecurringSchedule(old), after })
      return { schedule: after, days_changed: changed }
    })
  },
})
