import type { TenantBoundCtx } from '../../kernel/ctx'
import { DAY, localDate } from '../../kernel/time'
import { insertBlocks, sampleIntervals } from '../activity/queries'
import { breaksOfLog } from './break-queries'

/**
 * Gap-fill: the parts of a work session that the desktop agent did not report. At clock-out each
 * uncovered stretch becomes a gap_fill activity block, so timelines show no holes and managers can
 * tell reported activity from attendance alone.
 */
export interface Interval {
  start: number
  end: number
}

/** Gaps shorter than this are jitter between samples, not missing activity. */
const MIN_GAP_MS = 60_000

/** Merges overlapping or touching intervals, clipped to [from, to]. */
export function mergeIntervals(intervals: Interval[], from: number, to: number): Interval[] {
  const clipped = intervals
    .map((i) => ({ start: Math.max(i.start, from), end: Math.min(i.end, to) }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start)
  const out: Interval[] = []
  for (const i of clipped) {
    const last = out[out.length - 1]
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end)
    else out.push({ ...i })
  }
  return out
}

/** The uncovered stretches of [from, to] at least `minGapMs` long. */
export function findGaps(from: number, to: number, covered: Interval[], minGapMs = MIN_GAP_MS): Interval[] {
  const gaps: Interval[] = []
  let cursor = from
  for (const c of mergeIntervals(covered, from, to)) {
    if (c.start - cursor >= minGapMs) gaps.push({ start: cursor, end: c.start })
    cursor = Math.max(cursor, c.end)
  }
  if (to - cursor >= minGapMs) gaps.push({ start: cursor, end: to })
  return gaps
}

/**
 * Writes the timeline blocks of a session ending at `clockOutAt`: its breaks as break blocks, and
 * every stretch of at least a minute that neither a desktop-agent sample nor a break covers as a
 * gap_fill block. The one block writer of clock-out, auto-close and the gap-fill of imported logs.
 * Call inside the caller's transaction; returns the gap-fill block count.
 */
export function writeGapFillBlocks(
  ctx: TenantBoundCtx,
  log: { id: string; userId: string; clockInAt: number },
  clockOutAt: number,
  /** The log's breaks as they stand now, oldest first, when the caller has read them (clock-out). */
  logBreaks?: { startedAt: number; endedAt: number | null }[],
): number {
  const tz = ctx.tenant.timezone
  // Samples are indexed by local date; a day either side covers sessions across midnight.
  const samples = sampleIntervals(ctx, log.userId, localDate(log.clockInAt - DAY, tz), localDate(clockOutAt, tz))
  const pauses = (logBreaks ?? breaksOfLog(ctx, log.id)).map((b) => ({ start: b.startedAt, end: b.endedAt ?? clockOutAt }))
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
