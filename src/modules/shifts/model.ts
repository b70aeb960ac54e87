import { t } from 'elysia'
import { DateOnly, Id, Instant, Nullable } from '../../kernel/schemas'
import { hoursFromMs, MINUTE, toIso } from '../../kernel/time'
import type { ShiftTemplateRow } from './queries'
import type { ShiftListRow } from './shift-list-read-model'

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return h * 60 + m
}

/**
 * The paid length of a scheduled shift in ms: end − start − unpaid break, never below 0 (a break
 * longer than a day shortened by a clock change). Overtime compares a day's worked time with it
 * (dashboard/overtime.ts), a paid absence on a scheduled day is paid it (absences/days-off.ts).
 */
export const shiftNetMs = (s: { startsAt: number; endsAt: number; breakMinutes: number }): number =>
  Math.max(0, s.endsAt - s.startsAt - s.breakMinutes * MINUTE)

export const ShiftTemplate = t.Object({
  id: Id,
  name: t.String(),
  start_time: t.String({ description: 'Local start time HH:MM' }),
  end_time: t.String({ description: 'Local end time HH:MM' }),
  overnight: t.Boolean({ description: 'True when the shift ends on the next day' }),
  break_minutes: t.Integer({ description: 'Unpaid break within the shift' }),
  paid_hours: t.Number({ description: 'Length minus the break, in hours' }),
  days_of_week: t.Array(t.Integer({ minimum: 1, maximum: 7 }), { description: 'ISO weekdays: 1 = Monday … 7 = Sunday' }),
  color: Nullable(t.String()),
  created_at: Instant,
})

export function toShiftTemplate(r: ShiftTemplateRow) {
  const start = minutesOf(r.startTime)
  let end = minutesOf(r.endTime)
  const overnight = end <= start
  if (overnight) end += 24 * 60
  return {
    id: r.id,
    name: r.name,
    start_time: r.startTime,
    end_time: r.endTime,
    overnight,
    break_minutes: r.breakMinutes,
    paid_hours: Math.round(((end - start - r.breakMinutes) / 60) * 100) / 100,
    days_of_week: r.daysOfWeek,
    color: r.color,
    created_at: toIso(r.createdAt),
  }
}

export const Shift = t.Object({
  id: Id,
  user_id: Id,
  user_name: t.String(),
  template_id: Nullable(Id),
  template_name: Nullable(t.String()),
  date: DateOnly,
  starts_at: Instant,
  ends_at: Instant,
  break_minutes: t.Integer(),
  paid_hours: t.Number({
    minimum: 0,
    description: 'Real length less the unpaid break, in hours, never below 0 (a night the clocks go forward is an hour shorter)',
  }),
  status: t.Union([t.Literal('scheduled'), t.Literal('cancelled')]),
})

export const toShift = (r: ShiftListRow) => ({
  id: r.id,
  user_id: r.userId,
  user_name: r.userName,
  template_id: r.templateId,
  template_name: r.templateName,
  date: r.date,
  starts_at: toIso(r.startsAt),
  ends_at: toIso(r.endsAt),
  break_minutes: r.breakMinutes,
  paid_hours: hoursFromMs(shiftNetMs(r)),
  status: r.status,
})
