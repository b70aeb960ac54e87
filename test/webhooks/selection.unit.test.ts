import { describe, expect, test } from 'bun:test'
import { EVENT_NAMES, HIGH_FREQUENCY_EVENTS } from '../../src/modules/webhooks/event-names'
import { parseSelection, selectedEvents, selects } from '../../src/modules/webhooks/selection'
import { DomainError } from '../../src/kernel/errors'

describe('event selection', () => {
  test('the high-frequency events are exactly clock.in, clock.out, break.* and location.*', () => {
    expect([...HIGH_FREQUENCY_EVENTS].sort() as string[]).toEqual(
      ['break.ended', 'break.started', 'clock.in', 'clock.out', 'location.geofence_entered', 'location.geofence_exited', 'location.outside_zone'].sort(),
    )
  })

  test('the default selection takes every other event and none of the high-frequency ones', () => {
    for (const name of EVENT_NAMES) expect(selects(null, name)).toBe(!HIGH_FREQUENCY_EVENTS.includes(name))
    expect(selects(null, 'clock.in.failed')).toBe(true)
    expect(selects(null, 'webhook.test')).toBe(false)
  })

  test('a high-frequency event is delivered when named or selected by its group pattern', () => {
    expect(selects(['clock.in'], 'clock.in')).toBe(true)
    expect(selects(['clock.in'], 'clock.out')).toBe(false)
    expect(selectedEvents(['break.*'])).toEqual(['break.started', 'break.ended'])
    expect(selectedEvents(['location.*'])).toEqual(['location.geofence_entered', 'location.geofence_exited', 'location.outside_zone'])
    expect(selectedEvents(['clock.*'])).toEqual(['clock.in', 'clock.out', 'clock.in.failed'])
    expect(selectedEvents(['*'])).toEqual([...EVENT_NAMES])
  })

  test('an explicit list selects nothing else', () => {
    expect(selectedEvents(['timesheet.approved', 'task.*'])).toEqual(['timesheet.approved', 'task.created', 'task.updated', 'task.completed'])
  })

  test('unknown names and groups are refused with invalid_argument naming them', () => {
    const attempt = () => parseSelection(['timesheet.approved', 'timesheet.lost', 'foo.*', 'clock'])
    expect(attempt).toThrow(DomainError)
    try {
      attempt()
    } catch (e) {
      expect((e as DomainError).code).toBe('invalid_argument')
      expect((e as DomainError).message).toContain('timesheet.lost')
      expect((e as DomainError).details).toMatchObject({ unknown: ['timesheet.lost', 'foo.*', 'clock'] })
    }
  })

  test('null and omitted mean the default; duplicates collapse; empty is refused', () => {
    expect(parseSelection(undefined)).toBeNull()
    expect(parseSelection(null)).toBeNull()
    expect(parseSelection(['task.created', ' task.created '])).toEqual(['task.created'])
    expect(() => parseSelection([])).toThrow(DomainError)
  })
})
