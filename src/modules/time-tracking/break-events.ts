import type { TenantBoundCtx } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { toIso } from '../../kernel/time'
import type { UserRow } from '../users/queries'
import { emit } from '../webhooks/outbox-queries'
import { closeBreak, findOpenBreak, insertBreak, type BreakRow } from './break-queries'
import { breakSeconds } from './break-model'
import { settlePersonDays } from './person-day-queries'
import type { BreakKind } from './schema'
import type { TimeLogRow } from './queries'

/**
 * Starts a break inside an open time log and emits break.started. Call inside the caller's
 * transaction: the partial unique index (one open break per user) backs the check against races.
 */
export function beginBreak(ctx: TenantBoundCtx, user: UserRow, log: TimeLogRow, kind: BreakKind): BreakRow {
  const brk = insertBreak(ctx, { userId: user.id, timeLogId: log.id, kind, startedAt: Math.max(ctx.now, log.clockInAt) })
  settlePersonDays(ctx)
  emit(ctx, 'break.started', {
    breakId: brk.id,
    timeLogId: log.id,
    userId: user.id,
    userEmail: user.email,
    kind: brk.kind,
    startedAt: toIso(brk.startedAt),
  })
  return brk
}

/**
 * Ends a break at `endedAt` (never before it started) and emits break.ended. Used by end_break
 * and by clock-out, which ends a break still open. Call inside the caller's transaction.
 */
export function finishBreak(ctx: TenantBoundCtx, user: UserRow, brk: BreakRow, endedAt: number, settle = true): BreakRow {
  const ended = closeBreak(ctx, brk.id, Math.max(endedAt, brk.startedAt))
  if (!ended) throw new DomainError('conflict', 'This break was already ended.')
  if (settle) settlePersonDays(ctx)
  emit(ctx, 'break.ended', {
    breakId: ended.id,
    timeLogId: ended.timeLogId,
    userId: user.id,
    userEmail: user.email,
    kind: ended.kind,
    startedAt: toIso(ended.startedAt),
    endedAt: toIso(ended.endedAt!),
    durationSeconds: breakSeconds(ended)!,
  })
  return ended
}

/**
 * Ends the user's open break, if any (clock-out); returns it. Clock-out closes the log right after
 * in the same transaction and counts the person-day then (`settle` false: one pass, not two).
 */
export function finishOpenBreak(ctx: TenantBoundCtx, user: UserRow, endedAt: number, settle = true): BreakRow | null {
  const open = findOpenBreak(ctx, user.id)
  return open ? finishBreak(ctx, user, open, endedAt, settle) : null
}
