import { t } from 'elysia'
import { Id, Instant, Int, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import type { BreakRow } from './break-queries'

export const BreakKindEnum = t.Union([t.Literal('break'), t.Literal('lunch')], {
  description: 'break (a short rest) or lunch (a meal break)',
})

export const Break = t.Object({
  id: Id,
  time_log_id: t.String({ format: 'uuid', description: 'Time log (work session) the break belongs to' }),
  kind: BreakKindEnum,
  started_at: Instant,
  ended_at: Nullable(Instant, { description: 'null while on the break' }),
  duration_seconds: Nullable(Int({ minimum: 0 }), { description: 'Length once ended; null while on the break' }),
})

export const BreakOutput = t.Object({
  break: Break,
  changed: t.Boolean({ description: 'false when the request repeated one already applied (a retry): nothing new was recorded or emitted' }),
})

export const breakSeconds = (b: Pick<BreakRow, 'startedAt' | 'endedAt'>): number | null =>
  b.endedAt === null ? null : Math.round((b.endedAt - b.startedAt) / 1000)

export const toBreak = (b: BreakRow) => ({
  id: b.id,
  time_log_id: b.timeLogId,
  kind: b.kind,
  started_at: toIso(b.startedAt),
  ended_at: toIsoOrNull(b.endedAt),
  duration_seconds: breakSeconds(b),
})
