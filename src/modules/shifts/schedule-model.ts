import { t } from 'elysia'
import type { TenantScope } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { DateOnly, Id, Instant, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import { teamExistsInTenant } from '../teams/queries'
import { findUserInTenant } from '../users/queries'
import type { ShiftTemplateRow } from './queries'
import { findTemplate, type RecurringScheduleRow, type ShiftDayRow } from './schedule-queries'

export const HHMM = { pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local time HH:MM (24 h)' }
export const Weekdays = t.Array(t.Integer({ minimum: 1, maximum: 7 }), {
  minItems: 1,
  uniqueItems: true,
  description: 'ISO weekdays: 1 = Monday … 7 = Sunday',
})

export const RecurringSchedule = t.Object({
  id: Id,
  user_id: Nullable(Id),
  team_id: Nullable(Id),
  template_id: Id,
  days_of_week: t.Array(t.Integer()),
  from: DateOnly,
  until: Nullable(DateOnly),
  status: t.Union([t.Literal('draft'), t.Literal('published')]),
  published_at: Nullable(Instant),
  created_at: Instant,
})

export const toRecurringSchedule = (r: RecurringScheduleRow) => ({
  id: r.id,
  user_id: r.userId,
  team_id: r.teamId,
  template_id: r.templateId,
  days_of_week: r.daysOfWeek,
  from: r.fromDate,
  until: r.untilDate,
  status: r.status,
  published_at: toIsoOrNull(r.publishedAt),
  created_at: toIso(r.createdAt),
})

export const ShiftDay = t.Object({
  id: Id,
  user_id: Id,
  date: DateOnly,
  template_id: Nullable(Id),
  starts_at: Instant,
  ends_at: Instant,
  break_minutes: t.Integer(),
  status: t.Union([t.Literal('scheduled'), t.Literal('cancelled')]),
  source: t.Union([t.Literal('recurring'), t.Literal('one_off')]),
})

export const toShiftDay = (r: ShiftDayRow) => ({
  id: r.id,
  user_id: r.userId,
  date: r.date,
  template_id: r.templateId,
  starts_at: toIso(r.startsAt),
  ends_at: toIso(r.endsAt),
  break_minutes: r.breakMinutes,
  status: r.status,
  source: r.source,
})

export const bad = (field: string, message: string) => new DomainError('invalid_argument', message, { field })

/** A template of the tenant, or a field-named refusal. */
export function templateFor(c: TenantScope, id: string, field = 'template_id'): ShiftTemplateRow {
  const tpl = findTemplate(c, id)
  if (!tpl) throw bad(field, `${field}: no shift template ${id} in this tenant.`)
  return tpl
}

export function requireUser(c: TenantScope, id: string, field = 'user_id'): void {
  if (!findUserInTenant(c, id)) throw bad(field, `${field}: no user ${id} in this tenant.`)
}

export function requireTeam(c: TenantScope, id: string, field = 'team_id'): void {
  if (!teamExistsInTenant(c, id)) throw bad(field, `${field}: no team ${id} in this tenant.`)
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** Checks a shift's times and break: start ≠ end (an end before the start is an overnight shift), break shorter than the shift. */
export function checkShiftTimes(start: string, end: string, breakMinutes: number): void {
  if (start === end) throw bad('end_time', 'end_time must differ from start_time (an earlier end is an overnight shift).')
  let length = minutes(end) - minutes(start)
  if (length < 0) length += 24 * 60
  if (breakMinutes >= length) throw bad('break_minutes', `break_minutes (${breakMinutes}) must be shorter than the shift (${length} min).`)
}
