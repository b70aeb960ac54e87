import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Int } from '../../kernel/schemas'
import { localDate, toIso } from '../../kernel/time'
import { findTenantById } from '../tenants/queries'
import { visibleUser } from '../users/visibility'
import { userSamples } from './day-queries'
import { idleStretches } from './idle-stretches'
import { DateRangeQuery, resolveDateRange } from './range'

/** Stretches listed at most; the per-day figures always cover all of them. */
const MAX_IDLE_STRETCHES = 500

export const getIdleTime = defineOperation({
  name: 'get_idle_time',
  title: 'Idle time',
  description: `One person’s idle time over a date range (default today, at most 31 days): idle seconds per date, and the idle stretches (consecutive idle samples) of at least min_seconds, by default the tenant's idle threshold, oldest first (at most ${MAX_IDLE_STRETCHES}). Idle means the desktop agent saw no keyboard or mouse input; nothing else is recorded.`,
  access: { role: 'manager' },
  input: t.Object({
    user_id: Id,
    ...DateRangeQuery,
    min_seconds: t.Optional(
      t.Integer({ minimum: 1, maximum: 86_400, description: "Shortest stretch listed, seconds; the tenant's idle threshold when omitted" }),
    ),
  }),
  output: t.Object({
    user_id: Id,
    from: DateOnly,
    to: DateOnly,
    min_seconds: Int({ minimum: 1 }),
    total_idle_seconds: Int({ minimum: 0 }),
    days: t.Array(
      t.Object({
        date: DateOnly,
        idle_seconds: Int({ minimum: 0, description: 'Seconds of idle samples that started on the date' }),
        stretches: Int({ minimum: 0, description: 'Stretches of at least min_seconds that started on the date' }),
      }),
      { description: 'Every date of the range' },
    ),
    stretches: t.Array(t.Object({ started_at: Instant, ended_at: Instant, idle_seconds: Int({ minimum: 1 }) }), {
      description: `Idle stretches of at least min_seconds, oldest first, at most ${MAX_IDLE_STRETCHES}`,
    }),
    stretches_truncated: t.Boolean(),
  }),
  run(ctx, input) {
    const user = visibleUser(ctx, input.user_id, "this person's activity")
    const { from, to, dates } = resolveDateRange(ctx, input)
    const minSeconds = input.min_seconds ?? findTenantById(ctx.db, ctx.tenant.id)?.idleThresholdSeconds ?? 300
    const samples = userSamples(ctx, user.id, dates, { idleOnly: true })
    const perDay = new Map(dates.map((d) => [d, { date: d, idle_seconds: 0, stretches: 0 }]))
    for (const s of samples) perDay.get(s.date)!.idle_seconds += s.durationSeconds
    const long = idleStretches(samples).filter((s) => s.idleSeconds >= minSeconds)
    for (const s of long) {
      const day = perDay.get(localDate(s.startedAt, ctx.tenant.timezone))
      if (day) day.stretches += 1
    }
    return {
      user_id: user.id,
      from,
      to,
      min_seconds: minSeconds,
      total_idle_seconds: samples.reduce((sum, s) => sum + s.durationSeconds, 0),
      days: [...perDay.values()],
      stretches: long.slice(0, MAX_IDLE_STRETCHES).map((s) => ({ started_at: toIso(s.startedAt), ended_at: toIso(s.endedAt), idle_seconds: s.idleSeconds })),
      stretches_truncated: long.length > MAX_IDLE_STRETCHES,
    }
  },
})
