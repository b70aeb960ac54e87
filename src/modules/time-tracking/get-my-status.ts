import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { defineOperation } from '../../kernel/operation'
import { Id, Instant, Nullable } from '../../kernel/schemas'
import { toIsoOrNull } from '../../kernel/time'
import { findOpenBreak } from './break-queries'
import { findOpenTimeLog } from './queries'

/**
 * Where the caller is right now: clocked in since, on a break since (and its kind), and when the
 * next presence confirmation is due. The console's Today page shows it; one read, no writes.
 */
export const getMyStatus = defineOperation({
  name: 'get_my_status',
  title: 'My status now',
  description:
    'Your own status right now: working, on_break or clocked_out, with the clock-in of the open session, the running break (start and kind) and when the next presence confirmation is due (null without a presence policy) and whether it is due now.',
  access: { role: 'employee', userScopedKey: true },
  input: t.Object({}),
  output: t.Object({
    status: t.Union([t.Literal('working'), t.Literal('on_break'), t.Literal('clocked_out')]),
    time_log_id: Nullable(Id),
    clocked_in_since: Nullable(Instant),
    break_started_at: Nullable(Instant),
    break_kind: Nullable(t.Union([t.Literal('break'), t.Literal('lunch')])),
    presence_tap_due_at: Nullable(Instant, { description: 'When the next presence confirmation is due; null when none is' }),
    presence_tap_due: t.Boolean({ description: 'true when a presence confirmation is due now' }),
  }),
  run(ctx) {
    const userId = callerUserId(ctx)
    const open = findOpenTimeLog(ctx, userId)
    const pause = open ? findOpenBreak(ctx, userId) : null
    const due = open?.nextTapDueAt ?? null
    return {
      status: !open ? ('clocked_out' as const) : pause ? ('on_break' as const) : ('working' as const),
      time_log_id: open?.id ?? null,
      clocked_in_since: toIsoOrNull(open?.clockInAt ?? null),
      break_started_at: toIsoOrNull(pause?.startedAt ?? null),
      break_kind: pause?.kind ?? null,
      presence_tap_due_at: toIsoOrNull(due),
      presence_tap_due: due !== null && due <= ctx.now,
    }
  },
})
