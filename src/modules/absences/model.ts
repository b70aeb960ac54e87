import { t } from 'elysia'
import { DateOnly, Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import type { AbsenceRow, HolidayRow } from './queries'

export const AbsenceKindEnum = t.Union([t.Literal('vacation'), t.Literal('sick'), t.Literal('other')], { description: 'vacation, sick or other' })

export const Absence = t.Object({
  id: Id,
  user_id: Id,
  kind: AbsenceKindEnum,
  start_date: DateOnly,
  end_date: DateOnly,
  part_day: t.Boolean({ description: 'True for part of one day (hours, or start and end times)' }),
  start_time: Nullable(t.String()),
  end_time: Nullable(t.String()),
  hours: Nullable(t.Number()),
  paid: t.Boolean(),
  note: Nullable(t.String()),
  created_at: Instant,
})

export const toAbsence = (r: AbsenceRow) => ({
  id: r.id,
  user_id: r.userId,
  kind: r.kind,
  start_date: r.startDate,
  end_date: r.endDate,
  part_day: r.hours !== null,
  start_time: r.startTime,
  end_time: r.endTime,
  hours: r.hours,
  paid: r.paid,
  note: r.note,
  created_at: toIso(r.createdAt),
})

export const Holiday = t.Object({
  id: Id,
  office_id: Nullable(Id, { description: 'The office whose people have the day off; null: everyone' }),
  date: DateOnly,
  name: t.String(),
  created_at: Instant,
})

export const toHoliday = (r: HolidayRow) => ({ id: r.id, office_id: r.officeId, date: r.date, name: r.name, created_at: toIso(r.createdAt) })
