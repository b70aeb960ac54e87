import { DomainError } from '../../kernel/errors'
import { EVENT_GROUPS, isHighFrequency } from './catalog'
import { EVENT_NAMES, type EventName } from './event-names'

/**
 * Which events a subscription receives. `null` is the default selection: every event except the
 * high-frequency ones (clock.in, clock.out, break.*, location.*). A list holds exact names, group
 * patterns (`break.*` = every event of the group, high-frequency ones included) or `*` (all 32).
 */
export type Selection = string[] | null

export const SELECTION_RULES =
  'Omit events (or send null) for the default selection: every event except the high-frequency clock.in, clock.out, break.* and location.*. ' +
  'Otherwise list event names (timesheet.approved), group patterns (break.* selects every event of the group, high-frequency ones included) or * (all 32).'

const isName = (s: string): s is EventName => (EVENT_NAMES as readonly string[]).includes(s)

function isValidEntry(entry: string): boolean {
  if (entry === '*' || isName(entry)) return true
  return entry.endsWith('.*') && EVENT_GROUPS.includes(entry.slice(0, -2))
}

/** Checks and normalises a requested selection (trimmed, de-duplicated, order kept). */
export function parseSelection(events: string[] | null | undefined): Selection {
  if (events === null || events === undefined) return null
  if (events.length === 0) {
    throw new DomainError('invalid_argument', `events is empty; select at least one event or omit it. ${SELECTION_RULES}`, { field: 'events' })
  }
  const entries = [...new Set(events.map((e) => e.trim()))]
  const unknown = entries.filter((e) => !isValidEntry(e))
  if (unknown.length) {
    throw new DomainError(
      'invalid_argument',
      `Unknown event${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. See GET /api/v1/webhooks/events for the 32 names. ${SELECTION_RULES}`,
      { field: 'events', unknown },
    )
  }
  return entries
}

/** Whether an event of this type goes to a subscription with this selection. */
export function selects(selection: Selection, type: string): boolean {
  if (selection === null) return isName(type) && !isHighFrequency(type)
  return selection.some((entry) => entry === '*' || entry === type || (entry.endsWith('.*') && type.startsWith(entry.slice(0, -1))))
}

/** The event names a selection resolves to, in catalogue order. */
export const selectedEvents = (selection: Selection): EventName[] => EVENT_NAMES.filter((name) => selects(selection, name))
