import { DomainError } from '../../kernel/errors'
import { addDays } from '../../kernel/time'

/** A dated record of a history (a pay rate card, a project bill rate): in effect from one date to another (inclusive, null: open). */
export interface Dated {
  id: string
  effectiveFrom: string
  effectiveTo: string | null
}

/**
 * The rule of every rate history (pay rates and bill rates): a new record starting on `from`
 * ends the record of the same target in effect that day on the day before; history is kept, never
 * overwritten, so a record of the same target starting on or after `from` is refused (field
 * `effective_from`). Returns the records to end and their new end dates.
 */
export function planSuccession<T extends Dated>(sameTarget: T[], from: string): { record: T; effectiveTo: string }[] {
  const later = sameTarget.find((r) => r.effectiveFrom >= from)
  if (later) {
    throw new DomainError(
      'conflict',
      `effective_from ${from} overlaps the rate ${later.id} that starts ${later.effectiveFrom}: history is never overwritten; end that rate or pick a later date.`,
      { field: 'effective_from', conflicting_id: later.id, conflicting_from: later.effectiveFrom },
    )
  }
  const before = addDays(from, -1)
  return sameTarget.filter((r) => r.effectiveTo === null || r.effectiveTo >= from).map((record) => ({ record, effectiveTo: before }))
}

/** Ending a record on `to` (its last day): not before it started, and never extending an earlier end (field `effective_to`). */
export function checkEnd(record: Dated, to: string): void {
  if (to < record.effectiveFrom) {
    throw new DomainError('invalid_argument', `effective_to ${to} is before the rate starts (${record.effectiveFrom}).`, { field: 'effective_to' })
  }
  if (record.effectiveTo !== null && to > record.effectiveTo) {
    throw new DomainError('conflict', `The rate already ends on ${record.effectiveTo}; an end date can only be brought forward.`, { field: 'effective_to' })
  }
}
