import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { DateOnly } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { findUserInTenant } from '../users/queries'
import { Absence, AbsenceKindEnum, toAbsence } from './model'
import { absencesOverlapping, insertAbsence } from './queries'

const HHMM = { pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }
const bad = (field: string, message: string) => new DomainError('invalid_argument', message, { field })
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

export const addAbsence = defineOperation({
  name: 'add_absence',
  title: 'Add time off for a person',
  description:
    'Vacation, sick leave or other time off, entered by an admin (so approved at once): whole days from start_date to end_date, or part of one day (hours, or start_time and end_time). A person cannot have two absences on the same date. Vacation and sick leave are paid by default, other is not.',
  access: { role: 'admin', write: true },
  input: t.Object({
    user_id: t.String({ format: 'uuid', description: 'The person (their e-mail on the CLI)' }),
    kind: AbsenceKindEnum,
    start_date: t.String({ ...DateOnly, description: 'First date (YYYY-MM-DD)' }),
    end_date: t.Optional(t.String({ ...DateOnly, description: 'Last date, included (default: start_date)' })),
    hours: t.Optional(t.Number({ exclusiveMinimum: 0, maximum: 24, description: 'Part day: hours absent' })),
    start_time: t.Optional(t.String({ ...HHMM, description: 'Part day: local start time HH:MM' })),
    end_time: t.Optional(t.String({ ...HHMM, description: 'Part day: local end time HH:MM' })),
    paid: t.Optional(t.Boolean({ description: 'Paid by payroll (default: vacation and sick yes, other no)' })),
    note: t.Optional(t.String({ maxLength: 500, description: 'Free text' })),
  }),
  output: Absence,
  run(ctx, input) {
    const end = input.end_date ?? input.start_date
    if (end < input.start_date) throw bad('end_date', 'end_date must not be before start_date.')
    const timed = input.start_time !== undefined || input.end_time !== undefined
    if (timed && (input.start_time === undefined || input.end_time === undefined))
      throw bad(input.start_time === undefined ? 'start_time' : 'end_time', 'start_time and end_time go together.')
    if (timed && input.hours !== undefined) throw bad('hours', 'Give hours or start_time and end_time, not both.')
    if (timed && minutes(input.end_time!) <= minutes(input.start_time!)) throw bad('end_time', 'end_time must be after start_time.')
    const partDay = timed || input.hours !== undefined
    if (partDay && end !== input.start_date) throw bad('end_date', 'A part-day absence covers one date: end_date must equal start_date.')
    const hours = timed ? (minutes(input.end_time!) - minutes(input.start_time!)) / 60 : (input.hours ?? null)
    return inTransaction(ctx, (c) => {
      if (!findUserInTenant(c, input.user_id)) throw bad('user_id', `user_id: no user ${input.user_id} in this tenant.`)
      const clash = absencesOverlapping(c, input.start_date, end, [input.user_id])
      if (clash.length > 0)
        throw new DomainError('conflict', `start_date: this person already has an absence from ${clash[0]!.startDate} to ${clash[0]!.endDate}.`, {
          field: 'start_date',
          absence_id: clash[0]!.id,
        })
      const row = insertAbsence(c, {
        userId: input.user_id,
        kind: input.kind,
        startDate: input.start_date,
        endDate: end,
        startTime: input.start_time ?? null,
        endTime: input.end_time ?? null,
        hours,
        paid: input.paid ?? input.kind !== 'other',
        note: input.note ?? null,
      })
      const after = toAbsence(row)
      recordChange(c, { action: 'absence.created', entity: 'absence', entityId: row.id, before: null, after })
      return after
    })
  },
})
