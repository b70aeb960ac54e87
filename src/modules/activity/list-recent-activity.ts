import { t } from 'elysia'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Instant, Int } from '../../kernel/schemas'
import { DAY, localDate, parseInstant, toIso } from '../../kernel/time'
import { timesheetChangesSince } from '../timesheets/queries'
import { timeLogsTouchedSince } from '../time-tracking/queries'
import { scopeUserIds, visibility } from '../users/visibility'

const KINDS = ['clock_in', 'clock_out', 'timesheet_submitted', 'timesheet_approved', 'timesheet_rejected', 'timesheet_auto_generated'] as const
type Kind = (typeof KINDS)[number]
/** What a group counts, singular and plural ("1 timesheet approval", "2 timesheet approvals"). */
const LABEL: Record<Kind, [string, string]> = {
  clock_in: ['clock-in', 'clock-ins'],
  clock_out: ['clock-out', 'clock-outs'],
  timesheet_submitted: ['timesheet submission', 'timesheet submissions'],
  timesheet_approved: ['timesheet approval', 'timesheet approvals'],
  timesheet_rejected: ['timesheet rejection', 'timesheet rejections'],
  timesheet_auto_generated: ['auto-generated timesheet', 'auto-generated timesheets'],
}

const ActivityEvent = t.Object(
  {
    date: t.String({ ...DateOnly, description: 'Tenant-local date of the aggregate' }),
    kind: t.Union(
      KINDS.map((k) => t.Literal(k)),
      { description: 'What happened: clock events, timesheet submissions or approval actions' },
    ),
    count: Int({ minimum: 1, description: 'How many times it happened that day' }),
    people: Int({ minimum: 1, description: 'How many different people it concerned' }),
    first_at: Instant,
    last_at: Instant,
    summary: t.String({ description: 'One sentence, e.g. "12 clock-ins by 11 people"' }),
  },
  { description: 'Daily aggregate of one kind of activity' },
)

/** How far back `since` may reach. */
const MAX_LOOKBACK_DAYS = 90

export const listRecentActivity = defineOperation({
  name: 'list_recent_activity',
  title: 'List recent activity',
  description:
    'Recent clock-ins, clock-outs, timesheet submissions and approval actions as daily aggregates (count and people per day and kind), newest first. since defaults to 24 hours ago (at most 90 days back); limit 1-50, default 20. Not a real-time stream. Employees see their own activity, managers their teams, admins everyone.',
  access: { role: 'member' },
  input: t.Object({
    limit: Int({ minimum: 1, maximum: 50, default: 20, description: 'Aggregates to return, at most 50' }),
    since: t.Optional(t.String({ format: 'date-time', description: 'ISO 8601 instant; default 24 hours ago' })),
  }),
  output: t.Object({
    since: Instant,
    as_of: Instant,
    events: t.Array(ActivityEvent),
    total_groups: Int({ minimum: 0, description: 'Aggregates found before the limit was applied' }),
    scope: t.Union([t.Literal('organization'), t.Literal('team'), t.Literal('self')]),
  }),
  run(ctx, input) {
    const since = input.since ? parseInstant(input.since) : ctx.now - DAY
    if (since < ctx.now - MAX_LOOKBACK_DAYS * DAY) {
      throw new DomainError('invalid_argument', `since may reach back at most ${MAX_LOOKBACK_DAYS} days.`, {
        errors: [{ field: 'since', message: `more than ${MAX_LOOKBACK_DAYS} days ago` }],
      })
    }
    const v = visibility(ctx)
    const userIds = scopeUserIds(v, null)
    const happened: { kind: Kind; at: number; userId: string }[] = []
    for (const log of timeLogsTouchedSince(ctx, since, userIds)) {
      if (log.clockInAt >= since) happened.push({ kind: 'clock_in', at: log.clockInAt, userId: log.userId })
      if (log.clockOutAt !== null && log.clockOutAt >= since) happened.push({ kind: 'clock_out', at: log.clockOutAt, userId: log.userId })
    }
    for (const change of timesheetChangesSince(ctx, since, userIds)) {
      const kind = `timesheet_${change.toStatus}` as Kind
      if (KINDS.includes(kind)) happened.push({ kind, at: change.changedAt, userId: change.userId })
    }
    const groups = new Map<string, { date: string; kind: Kind; count: number; people: Set<string>; first: number; last: number }>()
    for (const h of happened) {
      const date = localDate(h.at, ctx.tenant.timezone)
      const key = `${date}|${h.kind}`
      const g = groups.get(key) ?? { date, kind: h.kind, count: 0, people: new Set<string>(), first: h.at, last: h.at }
      g.count++
      g.people.add(h.userId)
      g.first = Math.min(g.first, h.at)
      g.last = Math.max(g.last, h.at)
      groups.set(key, g)
    }
    const sorted = [...groups.values()].sort((a, b) => b.last - a.last)
    return {
      since: toIso(since),
      as_of: toIso(ctx.now),
      events: sorted.slice(0, input.limit).map((g) => ({
        date: g.date,
        kind: g.kind,
        count: g.count,
        people: g.people.size,
        first_at: toIso(g.first),
        last_at: toIso(g.last),
        summary: `${g.count} ${LABEL[g.kind][g.count === 1 ? 0 : 1]} by ${g.people.size} ${g.people.size === 1 ? 'person' : 'people'} on ${g.date}`,
      })),
      total_groups: sorted.length,
      scope: v.scope,
    }
  },
})
