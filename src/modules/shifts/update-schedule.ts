import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DateOnly, Id, Nullable } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { resyncRecurring } from './recurring-sync'
import { bad, RecurringSchedule, templateFor, toRecurringSchedule, Weekdays } from './schedule-model'
import { getRecurringInTenant, updateRecurring } from './schedule-queries'

export const updateSchedule = defineOperation({
  name: 'update_schedule',
  title: 'Edit a weekly recurring schedule',
  description:
    'Changes the template, weekdays, from or until date of a recurring schedule. On a published schedule the change applies from today on (past days stay as they were); one-off days are kept.',
  access: { role: 'admin', write: true },
  input: t.Object({
    schedule_id: Id,
    template_id: t.Optional(t.String({ format: 'uuid', description: 'The shift template (its name on the CLI)' })),
    days_of_week: t.Optional(Weekdays),
    from: t.Optional(t.String({ ...DateOnly, description: 'First date (YYYY-MM-DD)' })),
    until: t.Optional(Nullable(t.String({ ...DateOnly, description: 'Last date, included; null: open-ended' }))),
  }),
  output: RecurringSchedule,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const old = getRecurringInTenant(c, input.schedule_id)
      if (input.template_id) templateFor(c, input.template_id)
      const from = input.from ?? old.fromDate
      const until = input.until === undefined ? old.untilDate : input.until
      if (until !== null && until < from) throw bad('until', 'until must not be before from.')
      const row = updateRecurring(c, old.id, {
        ...(input.template_id ? { templateId: input.template_id } : {}),
        ...(input.days_of_week ? { daysOfWeek: [...input.days_of_week].sort() } : {}),
        fromDate: from,
        untilDate: until,
      })
      if (row.status === 'published') resyncRecurring(c, [old, row], { fromStart: false })
      const after = toRecurringSchedule(row)
      recordChange(c, { action: 'schedule.updated', entity: 'schedule', entityId: row.id, before: toRecurringSchedule(old), after })
      return after
    })
  },
})
