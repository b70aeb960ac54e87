import { describe, expect, test } from 'bun:test'
import { findGaps, mergeIntervals } from '../../src/modules/time-tracking/gap-fill'
import { haversineMeters, matchGeofence } from '../../src/modules/time-tracking/geofence'
import { msByUserDate } from '../../src/modules/time-tracking/hours'
import { periodIn, routeQuestion } from '../../src/modules/analytics/question-router'

const MIN = 60_000

describe('gap-fill', () => {
  test('an uncovered session is one gap', () => {
    expect(findGaps(0, 60 * MIN, [])).toEqual([{ start: 0, end: 60 * MIN }])
  })
  test('overlapping samples merge and leave the edges as gaps', () => {
    const covered = [
      { start: 10 * MIN, end: 20 * MIN },
      { start: 15 * MIN, end: 30 * MIN },
      { start: 40 * MIN, end: 50 * MIN },
    ]
    expect(mergeIntervals(covered, 0, 60 * MIN)).toEqual([
      { start: 10 * MIN, end: 30 * MIN },
      { start: 40 * MIN, end: 50 * MIN },
    ])
    expect(findGaps(0, 60 * MIN, covered)).toEqual([
      { start: 0, end: 10 * MIN },
      { start: 30 * MIN, end: 40 * MIN },
      { start: 50 * MIN, end: 60 * MIN },
    ])
  })
  test('gaps shorter than a minute and samples outside the session are ignored', () => {
    expect(
      findGaps(0, 10 * MIN, [
        { start: 30_000, end: 10 * MIN },
        { start: -5 * MIN, end: 0 },
      ]),
    ).toEqual([])
  })
})

describe('geofence', () => {
  test('haversine distance Berlin to Paris is about 877.5 km', () => {
    const km = haversineMeters({ latitude: 52.52, longitude: 13.405 }, { latitude: 48.8566, longitude: 2.3522 }) / 1000
    expect(km).toBeGreaterThan(876)
    expect(km).toBeLessThan(879)
  })
  test('the closest containing office wins; outside reports the nearest', () => {
    const offices = [
      { id: 'a', name: 'A', latitude: 52.52, longitude: 13.405, radiusMeters: 500 },
      { id: 'b', name: 'B', latitude: 52.521, longitude: 13.405, radiusMeters: 500 },
    ]
    const inside = matchGeofence({ latitude: 52.5209, longitude: 13.405 }, offices)
    expect(inside).toMatchObject({ inside: true, matched: { name: 'B' } })
    const outside = matchGeofence({ latitude: 52.6, longitude: 13.405 }, offices)
    expect(outside).toMatchObject({ inside: false, matched: null, nearest: { name: 'B' } })
    expect(outside.distanceMeters).toBeGreaterThan(8000)
  })
  test('a point exactly on the radius is inside', () => {
    const centre = { latitude: 0, longitude: 0 }
    const edge = { latitude: 0, longitude: 0.001 }
    const radius = haversineMeters(centre, edge)
    expect(matchGeofence(edge, [{ id: 'x', name: 'X', ...centre, radiusMeters: radius }]).inside).toBe(true)
  })
})

describe('hours by local date', () => {
  test('a session across local midnight is split between the two dates', () => {
    const from = Date.parse('2026-03-02T22:00:00Z') // 23:00 in Berlin
    const to = Date.parse('2026-03-03T01:00:00Z') // 02:00 in Berlin
    const m = msByUserDate([{ userId: 'u', clockInAt: from, clockOutAt: to }], 'Europe/Berlin', to).get('u')!
    expect(Object.fromEntries(m)).toEqual({ '2026-03-02': 3_600_000, '2026-03-03': 7_200_000 })
  })
})

describe('question routing', () => {
  test('routes a question to ranked tools with arguments', () => {
    const routes = routeQuestion('How many hours did my team work last week?')
    expect(routes[0]).toMatchObject({ tool: 'summarize_team_hours', arguments: { period: 'last_week' }, theme: 'hours' })
  })
  test('an unrelated question falls back to an overview', () => {
    expect(routeQuestion('bananas?').map((r) => r.tool)).toEqual(['get_dashboard_summary', 'get_capabilities'])
  })
  test('periods are read from the text', () => {
    expect(periodIn('what about this month')).toBe('this_month')
    expect(periodIn('right now')).toBe('today')
    expect(periodIn('nothing')).toBeNull()
  })
})
