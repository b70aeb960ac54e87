import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Int, PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { visibleUser } from '../users/visibility'
import { appUsagePage } from './day-queries'
import { DateRangeQuery, resolveDateRange } from './range'

// A union of literals: t.UnionEnum carries a default that a query filter would silently apply.
const CategoryEnum = t.Union([t.Literal('productive'), t.Literal('neutral'), t.Literal('unproductive')], {
  description: 'productive, neutral or unproductive, from the category rules at ingestion',
})

export const ActivityRecord = t.Object(
  {
    user_id: Id,
    date: t.String({ ...DateOnly, description: 'Tenant-local date' }),
    application: t.String({ description: 'Application name as the desktop agent reported it' }),
    category: CategoryEnum,
    active_seconds: Int({ minimum: 0, description: 'Seconds in use with input' }),
    idle_seconds: Int({ minimum: 0, description: 'Seconds in front without input' }),
    sample_count: Int({ minimum: 1 }),
    first_started_at: Instant,
    last_ended_at: Instant,
  },
  { description: 'Use of one application by one person on one date' },
)

export const listActivityRecords = defineOperation({
  name: 'list_activity_records',
  title: 'List activity records',
  description:
    'Application usage of one person per date over a range (default today, at most 31 days): each application with its category, active and idle seconds and first and last use, dates in order and the most used application first. Only application names and durations are recorded: no keystrokes, window titles, content or URLs.',
  access: { role: 'manager' },
  input: t.Object({
    user_id: Id,
    ...DateRangeQuery,
    category: t.Optional(CategoryEnum),
    ...PageQuery,
  }),
  output: Paginated(ActivityRecord),
  run(ctx, input) {
    const user = visibleUser(ctx, input.user_id, "this person's activity")
    const { dates } = resolveDateRange(ctx, input)
    const w = pageWindow(input)
    const { rows, total } = appUsagePage(ctx, { userId: user.id, dates, category: input.category }, w)
    return {
      data: rows.map((r) => ({
        user_id: user.id,
        date: r.date,
        application: r.application,
        category: r.category,
        active_seconds: r.activeSeconds,
        idle_seconds: r.idleSeconds,
        sample_count: r.samples,
        first_started_at: toIso(r.firstAt),
        last_ended_at: toIso(r.lastAt),
      })),
      pagination: pageInfo(w.page, w.pageSize, total),
    }
  },
})
