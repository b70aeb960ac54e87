import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id, Instant, Int, Nullable } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { usersMatching } from '../users/queries'
import { managerVisibility, scopeUserIds, usersOfTeam } from '../users/visibility'
import { openBreaksByUser } from './break-queries'
import { openTimeLogsByUser } from './queries'

const PresenceEnum = t.Union([t.Literal('working'), t.Literal('on_break'), t.Literal('clocked_out')], {
  description: 'working: clocked in and not on a break; on_break: clocked in, on a break; clocked_out: no open time log',
})

const PersonNow = t.Object(
  {
    user_id: Id,
    name: t.String(),
    email: t.String(),
    presence: PresenceEnum,
    clocked_in_since: Nullable(Instant, { description: 'Clock-in of the open time log; null when clocked out' }),
    break_started_at: Nullable(Instant, { description: 'Start of the running break; null when not on one' }),
    break_kind: Nullable(t.Union([t.Literal('break'), t.Literal('lunch')])),
  },
  { description: 'Where one person is right now (the presence rule of GET /api/v1/users/{id}/status)' },
)

/** Who is working, on a break or clocked out right now, with names: one call instead of one status per person. */
export const listPresenceNow = defineOperation({
  name: 'list_presence_now',
  title: 'Who is in, on a break or out now',
  description:
    'Everyone you may see (admins: the whole company; managers: the teams they manage) with where they are right now: working, on_break (with break kind and start) or clocked_out, with names. Filter by team_id or by presence. Answers "who is on a break?", "who is clocked in right now?", "who has not clocked in?". Manager role or above. Extended tool (enabled by the operator).',
  access: { role: 'manager' },
  input: t.Object({
    team_id: t.Optional(t.String({ format: 'uuid', description: 'Only the members of this team' })),
    presence: t.Optional(PresenceEnum),
  }),
  output: t.Object({
    as_of: Instant,
    counts: t.Object(
      { working: Int({ minimum: 0 }), on_break: Int({ minimum: 0 }), clocked_out: Int({ minimum: 0 }) },
      { description: 'Active people in scope by presence (before the presence filter)' },
    ),
    people: t.Array(PersonNow, { description: 'Working first, then on a break, then clocked out; by name within each' }),
  }),
  mcp: { exposes: ['TimeLog', 'Break', 'User'] },
  run(ctx, input) {
    const v = managerVisibility(ctx)
    const requested = input.team_id ? usersOfTeam(ctx, v, input.team_id) : null
    const people = usersMatching(ctx, { userIds: scopeUserIds(v, requested), status: 'active' })
    const order = { working: 0, on_break: 1, clocked_out: 2 } as const
    // Two reads of the open logs and breaks of the company (small partial indexes), not two per person.
    const openLogs = openTimeLogsByUser(ctx)
    const openBreaks = openLogs.size ? openBreaksByUser(ctx) : new Map()
    const rows = people
      .map((u) => {
        const open = openLogs.get(u.id) ?? null
        const pause = open ? (openBreaks.get(u.id) ?? null) : null
        const presence = !open ? ('clocked_out' as const) : pause ? ('on_break' as const) : ('working' as const)
        return {
          user_id: u.id,
          name: u.name,
          email: u.email,
          presence,
          clocked_in_since: open ? toIso(open.clockInAt) : null,
          break_started_at: pause ? toIso(pause.startedAt) : null,
          break_kind: pause?.kind ?? null,
        }
      })
      .sort((a, b) => order[a.presence] - order[b.presence] || a.name.localeCompare(b.name))
    const count = (p: keyof typeof order) => rows.filter((r) => r.presence === p).length
    return {
      as_of: toIso(ctx.now),
      counts: { working: count('working'), on_break: count('on_break'), clocked_out: count('clocked_out') },
      people: input.presence ? rows.filter((r) => r.presence === input.presence) : rows,
    }
  },
})
