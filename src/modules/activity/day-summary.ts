import type { TenantBoundCtx } from '../../kernel/ctx'
import { hoursFromMs, localRange, overlapMs, toIsoOrNull } from '../../kernel/time'
import { teamNames } from '../teams/queries'
import { openLogUserIds, timeLogsOverlapping } from '../time-tracking/queries'
import { usersMatching } from '../users/queries'
import { activityBounds } from './day-queries'
import { activeSeconds, productivityTotals, scoreOf } from './productivity'

/** One person's day in the activity summary. */
export interface UserDay {
  user_id: string
  name: string
  email: string
  team_id: string | null
  team: string | null
  hours: number
  active_seconds: number
  productive_seconds: number
  neutral_seconds: number
  unproductive_seconds: number
  idle_seconds: number
  productivity_score: number | null
  first_activity_at: string | null
  last_activity_at: string | null
  is_clocked_in: boolean
}

export interface DaySummary {
  date: string
  active_users: number
  total_hours: number
  avg_productivity_score: number
  users: UserDay[]
}

const hasData = (u: UserDay) => u.hours > 0 || u.active_seconds + u.idle_seconds > 0

/**
 * The activity of a group of people (null: the whole tenant) on one tenant-local date: worked hours
 * from time logs (a session crossing midnight counts its part of the day; an open one until now),
 * seconds by category and score from the daily summaries (or the samples of a day the job has not
 * summarised yet), first and last sample, and who is clocked in now. People deactivated before
 * the day appear only when they have data on it.
 */
export function readDaySummary(ctx: TenantBoundCtx, date: string, userIds: string[] | null): DaySummary {
  const tz = ctx.tenant.timezone
  const people = usersMatching(ctx, { userIds, includeDeactivated: true })
  const totals = productivityTotals(ctx, userIds, date, date)
  const bounds = activityBounds(ctx, userIds, date)
  // One date: each log's overlap with the local day (what msByUserDate gives, without splitting
  // every log at each midnight through the time-zone formatter).
  const day = localRange(date, date, tz)
  const worked = new Map<string, number>()
  for (const log of timeLogsOverlapping(ctx, day, userIds)) {
    // An open log runs until now.
    const ms = overlapMs(log.clockInAt, log.clockOutAt ?? ctx.now, day.from, day.to)
    worked.set(log.userId, (worked.get(log.userId) ?? 0) + ms)
  }
  const clockedIn = openLogUserIds(ctx, userIds)
  const teams = teamNames(
    ctx,
    people.flatMap((p) => (p.primaryTeamId ? [p.primaryTeamId] : [])),
  )
  let totalMs = 0
  const users: UserDay[] = []
  for (const p of people) {
    const t = totals.get(p.id)
    const ms = worked.get(p.id) ?? 0
    const b = bounds.get(p.id)
    const active = t ? activeSeconds(t) : 0
    const day: UserDay = {
      user_id: p.id,
      name: p.name,
      email: p.email,
      team_id: p.primaryTeamId,
      team: p.primaryTeamId ? (teams.get(p.primaryTeamId) ?? null) : null,
      hours: hoursFromMs(ms),
      active_seconds: active,
      productive_seconds: t?.productive ?? 0,
      neutral_seconds: t?.neutral ?? 0,
      unproductive_seconds: t?.unproductive ?? 0,
      idle_seconds: t?.idle ?? 0,
      productivity_score: t && active > 0 ? scoreOf(t) : null,
      first_activity_at: toIsoOrNull(b?.firstAt),
      last_activity_at: toIsoOrNull(b?.lastAt),
      is_clocked_in: clockedIn.has(p.id),
    }
    if (p.status === 'deactivated' && !hasData(day)) continue
    totalMs += ms
    users.push(day)
  }
  const scores = users.flatMap((u) => (u.productivity_score === null ? [] : [u.productivity_score]))
  return {
    date,
    active_users: users.filter(hasData).length,
    total_hours: hoursFromMs(totalMs),
    avg_productivity_score: scores.length ? Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10 : 0,
    users,
  }
}
