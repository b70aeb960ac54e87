import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { getUserInTenant } from '../users/queries'
import { finishBreak } from './break-events'
import { BreakOutput, toBreak } from './break-model'
import { findOpenBreak, lastBreakOfLog } from './break-queries'
import { findOpenTimeLog } from './queries'

/**
 * Ends the calling user's open break. When no break is open but the work session had one, the
 * request is a repeat (a retry after a lost answer): the last break comes back with changed: false.
 */
export const endBreak = defineOperation({
  name: 'end_break',
  title: 'End a break',
  description:
    'Ends the open break of the calling user. Repeating it (a retry) returns the last break of the work session unchanged; with no break in the session it answers 409 conflict. Emits break.ended.',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object({}),
  output: BreakOutput,
  run(ctx) {
    const userId = callerUserId(ctx)
    return inTransaction(ctx, (c) => {
      const open = findOpenBreak(c, userId)
      if (open) return { break: toBreak(finishBreak(c, getUserInTenant(c, userId), open, ctx.now)), changed: true }
      const log = findOpenTimeLog(c, userId)
      if (!log) throw new DomainError('not_clocked_in', 'You are not clocked in, so you are not on a break.')
      const last = lastBreakOfLog(c, log.id)
      if (!last) throw new DomainError('conflict', 'You are not on a break.')
      return { break: toBreak(last), changed: false }
    })
  },
})
