import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DateOnly } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { resyncRecurring } from './recurring-sync'
import { bad, RecurringSchedule, requireTeam, requireUser, templateFor, toRecurringSchedule, Weekdays } from './schedule-model'
import { insertRecurring } from './schedule-queries'

export const createSchedule = defineOperation({
  name: 'create_schedule',
  title: 'Create a weekly recurring schedule',
  description:
    'A shift template worked every week on some weekdays by one person or by every member of a team, from a date, optionally until a date. Created as a draft unless publish is true; only published schedules drive alerts, auto clock-out and the shift lists.',
  access: { role: 'admin', write: true },
  input: t.Object({
    template_id: t.String({ format: 'uuid', description: 'The shift template (its name on the CLI)' }),
    user_id: t.Optional(t.String({ format: 'uuid', description: 'The person (their e-mail on the CLI)' })),
    team_id: t.Optional(t.String({ format: 'uuid', description: 'The team (its name on the CLI)' })),
    days_of_week: t.Optional(Weekdays),
    from: t.String({ ...DateOnly, description: 'First date (YYYY-MM-DD)' }),
    until: t.Optional(t.String({ ...DateOnly, description: 'Last date, included (open-ended when omitted)' })),
    publish: t.Optional(t.Boolean({ description: 'Publish at once (default false: a draft)' })),
  }),
  output: RecurringSchedule,
  run(ctx, input) {
    if ((input.user_id === undefined) === (input.team_id === undefined)) throw bad('user_id', 'Give exactly one of user_id and team_id.')
    if (input.until !== undefined && input.until < input.from) throw bad('until', 'until must not be before from.')
    return inTransaction(ctx, (c) => {
      const tpl = templateFor(c, input.template_id)
      if (input.user_id) requireUser(c, input.user_id)
      if (input.team_id) requireTeam(c, input.team_id)
      const row = insertRecurring(c, {
        userId: input.user_id ?? null,
        teamId: input.team_id ?? null,
        templateId: tpl.id,
        daysOfWeek: [...(input.days_of_week ?? tpl.daysOfWeek)].sort(),
        fromDate: input.from,
        untilDate: input.until ?? null,
        status: input.publish ? 'published' : 'draft',
        publishedAt: input.publish ? c.now : null,
      })
      if (input.publish) resyncRecurring(c, [row], { fromStart: true })
      const after = toRecurringSchedule(row)
      recordChange(c, { action: 'schedule.created', entity: 'schedule', entityId: row.id, before: null, after })
      return after
    })
  },
})
