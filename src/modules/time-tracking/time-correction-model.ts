import { t } from 'elysia'
import { Instant, Int, Nullable } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import type { TimeCorrectionRow } from './correction-queries'

const Times = t.Object({ clock_in_at: Instant, clock_out_at: Instant, worked_seconds: Int({ minimum: 0 }) })

export const TimeCorrection = t.Object({
  correction_id: t.String({ format: 'uuid' }),
  user_id: t.String({ format: 'uuid' }),
  time_log_id: Nullable(t.String({ format: 'uuid' }), { description: 'The entry added or changed; null when a closed period kept it frozen' }),
  kind: t.Union([t.Literal('added'), t.Literal('edited')]),
  work_date: t.String({ description: 'Tenant-local date the entry counts on' }),
  before: Nullable(Times),
  after: Times,
  reason: t.String(),
  corrected_by_user_id: Nullable(t.String({ format: 'uuid' }), { description: 'Who corrected it; null for the operator' }),
  corrected_at: Instant,
  adjustment: Nullable(
    t.Object({
      seconds: Int({ description: 'Worked seconds added (negative: removed) in the paying period' }),
      lands_on: t.String({ description: 'Tenant-local date whose pay period pays it' }),
    }),
    { description: 'Set when the work date lies in a closed payroll period: the entry stayed frozen and the difference is paid later' },
  ),
})

export const CorrectionReason = t.String({ minLength: 3, maxLength: 500, description: 'Why the time is corrected; the person sees it' })

export const toTimeCorrection = (r: TimeCorrectionRow) => ({
  correction_id: r.id,
  user_id: r.userId,
  time_log_id: r.timeLogId,
  kind: r.kind,
  work_date: r.workDate,
  before: r.before ?? null,
  after: r.after,
  reason: r.reason,
  corrected_by_user_id: r.correctedByUserId,
  corrected_at: toIso(r.correctedAt),
  adjustment: r.adjustmentSeconds !== null && r.landsOn ? { seconds: r.adjustmentSeconds, lands_on: r.landsOn } : null,
})
