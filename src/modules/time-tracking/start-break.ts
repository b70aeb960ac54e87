import { t } from 'elysia'
import { callerUserId } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { toIso } from '../../kernel/time'
import { getUserInTenant } from '../users/queries'
import { beginBreak } from './break-events'
import { BreakKindEnum, BreakOutput, toBreak } from './break-model'
import { findOpenBreak } from './break-queries'
import { findOpenTimeLog } from './queries'

const uniqueViolation = (e: unknown) => e instanceof Error && /UNIQUE constraint failed: breaks/.test(e.message)

/**
 * Starts a break of the calling user inside their open work session. One open break at a time;
 * repeating the same start (a retry) answers the open break with changed: false.
 */
export const startBreak = defineOperation({
  name: 'start_break',
  title: 'Start a break',
  description:
    'Starts a break (kind break or lunch) of the calling user while clocked in. Only one break can be open; starting the same kind again returns the open break unchanged (safe to retry), another kind answers 409 conflict. Emits break.started.',
  access: { role: 'employee', write: true, userScopedKey: true },
  input: t.Object({ kind: t.Optional(BreakKindEnum) }),
  output: BreakOutput,
  run(ctx, input) {
    const userId = callerUserId(ctx)
    const kind = input.kind ?? 'break'
    try {
      return inTransaction(ctx, (c) => {
        const log = findOpenTimeLog(c, userId)
        if (!log) throw new DomainError('not_clocked_in', 'You are not clocked in: clock in before starting a break.')
        const open = findOpenBreak(c, userId)
        if (open?.kind === kind && open.timeLogId === log.id) return { break: toBreak(open), changed: false }
        if (open) {
          throw new DomainError('conflict', `You are already on a ${open.kind} since ${toIso(open.startedAt)}; end it first.`, {
            break_id: open.id,
            kind: open.kind,
          })
        }
        return { break: toBreak(beginBreak(c, getUserInTenant(c, userId), log, kind)), changed: true }
      })
    } catch (e) {
      // Two starts at the same moment: the one-open-break index lets one through.
      if (uniqueViolation(e)) throw new DomainError('conflict', 'A break was started at the same moment; end it first.')
      throw e
    }
  },
})
