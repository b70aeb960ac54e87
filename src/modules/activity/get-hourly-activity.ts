import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Int } from '../../kernel/schemas'
import { addDays, localDate, localRange } from '../../kernel/time'
import { timeLogsOverlapping } from '../time-tracking/queries'
import { visibleUser } from '../users/visibility'
import { userSamples } from './day-queries'
import { addSample, emptyHours, splitByLocalHour } from './hourly'

const Seconds = (description?: string) => Int({ minimum: 0, ...(description ? { description } : {}) })

export const getHourlyActivity = defineOperation({
  name: 'get_hourly_activity',
  title: 'Hourly activity breakdown',
  description:
    'One person’s day (default today) in 24 local hours (tenant time zone): seconds productive, neutral, unproductive and idle, and seconds clocked in, per hour. On a day when clocks change, the repeated hour counts in one bucket and the skipped one stays empty.',
  access: { role: 'manager' },
  input: t.Object({
    user_id: Id,
    date: t.Optional(t.String({ ...DateOnly, description: 'Date (YYYY-MM-DD); today when omitted' })),
  }),
  output: t.Object({
    user_id: Id,
    date: DateOnly,
    timezone: t.String({ description: 'IANA time zone of the hours' }),
    hours: t.Array(
      t.Object({
        hour: Int({ minimum: 0, maximum: 23, description: 'Local hour: 0 is 00:00-00:59' }),
        productive_seconds: Seconds(),
        neutral_seconds: Seconds(),
        unproductive_seconds: Seconds(),
        idle_seconds: Seconds(),
        clocked_in_seconds: Seconds('Seconds inside a time log (an open one counts until now)'),
      }),
      { minItems: 24, maxItems: 24, description: 'Hours 0 to 23' },
    ),
  }),
  run(ctx, input) {
    const user = visibleUser(ctx, input.user_id, "this person's activity")
    const tz = ctx.tenant.timezone
    const date = input.date ?? localDate(ctx.now, tz)
    const { from, to } = localRange(date, date, tz)
    const buckets = emptyHours()
    // A sample that started before midnight may run into the date: read the day before too.
    for (const s of userSamples(ctx, user.id, [addDays(date, -1), date])) addSample(buckets, s, tz, from, to)
    for (const log of timeLogsOverlapping(ctx, { from, to }, [user.id])) {
      const end = Math.min(log.clockOutAt ?? ctx.now, to)
      splitByLocalHour(Math.max(log.clockInAt, from), end, tz, (hour, ms) => void (buckets[hour]!.clockedIn += ms / 1000))
    }
    const sec = (x: number) => Math.round(x)
    return {
      user_id: user.id,
      date,
      timezone: tz,
      hours: buckets.map((b) => ({
        hour: b.hour,
        productive_seconds: sec(b.productive),
        neutral_seconds: sec(b.neutral),
        unproductive_seconds: sec(b.unproductive),
        idle_seconds: sec(b.idle),
        clocked_in_seconds: sec(b.clockedIn),
      })),
    }
  },
})
