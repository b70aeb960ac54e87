import type { TenantBoundCtx } from '../../kernel/ctx'
import { DAY, localDate } from '../../kernel/time'
import { insertBlocks, sampleIntervals } from '../activity/queries'
import { breaksOfLog } from './break-queries'
import { findGaps } from './gap-fill'

/**
 * Writes the timeline blocks of a session ending at `clockOutAt`: its breaks as break blocks, and
 * every stretch of at least a minute that neither a desktop-agent sample nor a break covers as a
 * gap_fill block. The one block writer of clock-out, auto-close and the gap-fill of imported logs.
 * Call inside the caller's transaction; returns the gap-fill block count.
 */
export function writeGapFillBlocks(ctx: TenantBoundCtx, log: { id: string; userId: string; clockInAt: number }, clockOutAt: number): number {
  const tz = ctx.tenant.timezone
  // Samples are indexed by local date; a day either side covers sessions across midnight.
  const samples = sampleIntervals(ctx, log.userId, localDate(log.clockInAt - DAY, tz), localDate(clockOutAt, tz))
  const pauses = breaksOfLog(ctx, log.id).map((b) => ({ start: b.startedAt, end: b.endedAt ?? clockOutAt }))
  const gaps = findGaps(log.clockInAt, clockOutAt, [...samples, ...pauses])
  const block = (kind: 'gap_fill' | 'break', i: { start: number; end: number }) => ({
    userId: log.userId,
    timeLogId: log.id,
    kind,
    startedAt: i.start,
    endedAt: i.end,
    category: null,
  })
  insertBlocks(
    ctx,
    pauses.filter((p) => p.end > p.start).map((p) => block('break', p)),
  )
  return insertBlocks(
    ctx,
    gaps.map((g) => block('gap_fill', g)),
  )
}
