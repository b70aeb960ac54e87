import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import { agentPresence, latestActivity } from '../activity/presence'
import { findOpenBreak } from '../time-tracking/break-queries'
import { findOpenTimeLog } from '../time-tracking/queries'
import { UserStatusEnum } from './model'
import { visibleUser } from './visibility'

export const UserStatusOutput = t.Object(
  {
    user_id: Id,
    account_status: UserStatusEnum,
    presence: t.Union([t.Literal('working'), t.Literal('on_break'), t.Literal('clocked_out')], {
      description: 'working: clocked in and not on a break; on_break: clocked in, on a break; clocked_out: no open time log',
    }),
    is_clocked_in: t.Boolean(),
    clocked_in_since: Nullable(Instant, { description: 'Clock-in of the open time log; null when clocked out' }),
    time_log_id: Nullable(Id, { description: 'The open time log; null when clocked out' }),
    on_break: t.Boolean(),
    break_started_at: Nullable(Instant),
    break_kind: Nullable(t.Union([t.Literal('break'), t.Literal('lunch')])),
    desktop_agent_active: t.Boolean({ description: 'A desktop-agent session is running and sent a heartbeat within the last 10 minutes' }),
    agent_last_heartbeat_at: Nullable(Instant, { description: 'Last heartbeat of the running agent session; null when none runs' }),
    last_activity_at: Nullable(Instant, { description: 'End of the latest application-usage sample; null when the agent never reported' }),
    last_activity_idle: Nullable(t.Boolean(), { description: 'Whether that latest sample was idle (no input)' }),
    as_of: Instant,
  },
  { description: 'Where a person is right now' },
)

export const getUserStatus = defineOperation({
  name: 'get_user_status',
  title: 'Get a user’s current status',
  description:
    'Whether a person is clocked in (since when), on a break, running the desktop agent, and when the agent last saw application use. Admins see everyone; a manager token bound to a manager sees the members of their teams.',
  access: { role: 'manager' },
  input: t.Object({ user_id: Id }),
  output: UserStatusOutput,
  run(ctx, input) {
    const user = visibleUser(ctx, input.user_id, "this person's status")
    const open = findOpenTimeLog(ctx, user.id)
    const pause = open ? findOpenBreak(ctx, user.id) : null
    const agent = agentPresence(ctx, user.id)
    const last = latestActivity(ctx, user.id)
    return {
      user_id: user.id,
      account_status: user.status,
      presence: !open ? ('clocked_out' as const) : pause ? ('on_break' as const) : ('working' as const),
      is_clocked_in: open !== null,
      clocked_in_since: toIsoOrNull(open?.clockInAt),
      time_log_id: open?.id ?? null,
      on_break: pause !== null,
      break_started_at: toIsoOrNull(pause?.startedAt),
      break_kind: pause?.kind ?? null,
      desktop_agent_active: agent.active,
      agent_last_heartbeat_at: toIsoOrNull(agent.lastHeartbeatAt),
      last_activity_at: toIsoOrNull(last?.endedAt),
      last_activity_idle: last ? last.isIdle : null,
      as_of: toIso(ctx.now),
    }
  },
})
