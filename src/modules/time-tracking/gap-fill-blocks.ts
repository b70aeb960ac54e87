import type { TenantBoundCtx } from '../../kernel/ctx'
import { DAY, localDate } from '../../kernel/time'
import { insertBlocks, sampleIntervals } from '../activity/queries'
import { findGaps } from './gap-fill'

/**
 * Writes the gap_fill blocks of a session ending at `clockOutAt`: every stretch of at least a
 * minute that no desktop-agent sample covers. The one block writer of clock-out, auto-close and
 * the gap-fill of imported logs. Call inside the caller's transaction; returns the block count.
 */
export function writeGapFillBlocks(ctx: TenantBoundCtx, log: { id: string; userId: string; clockInAt: number }, clockOutAt: number): number {
  const tz = ctx.tenant.timezone
  // Samples are indexed by local date; a day either side covers sessions across midnight.
  const covered = sampleIntervals(ctx, log.userId, localDate(log.clockInAt - DAY, tz), localDate(clockOutAt, tz))
  const gaps = findGaps(log.clockInAt, clockOutAt, covered)
  return insertBlocks(
    ctx.db,
    gaps.map((g) => ({ tenantId: ctx.tenant.id, userId: log.userId, timeLogId: log.id, kind: 'gap_fill' as const, startedAt: g.start, endedAt: g.end, category: null, createdAt: ctx.now })),
  )
}
