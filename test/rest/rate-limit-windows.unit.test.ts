import { describe, expect, test } from 'bun:test'
import { tenantDatabase } from '../helpers/db'
import { consumeRestRequest, pruneRestCounters, windowsAt } from '../../src/modules/rate-limits/rest-limits'
import { readCounter } from '../../src/modules/rate-limits/queries'

const at = (iso: string) => Date.parse(iso)

const database = () => tenantDatabase('wf-rl-unit-')

describe('REST rate-limit windows', () => {
  test('are fixed UTC hours and days', () => {
    const w = windowsAt(at('2026-03-29T01:59:59.999Z'))
    expect(w.hourStart).toBe(at('2026-03-29T01:00:00Z') / 1000)
    expect(w.dayStart).toBe(at('2026-03-29T00:00:00Z') / 1000)
  })

  test('reset independently: a new hour frees the hourly budget while the day keeps counting', async () => {
    const { db, tenantId, done } = database()
    const limits = { perHour: 2, perDay: 3 }
    const take = (iso: string) => consumeRestRequest(db, tenantId, 'key_a', at(iso), limits)
    expect((await take('2026-05-01T10:00:00Z')).remainingHour).toBe(1)
    expect(await take('2026-05-01T10:10:00Z')).toMatchObject({ allowed: true, remainingHour: 0, remainingDay: 1 })
    const refused = await take('2026-05-01T10:59:00Z')
    expect(refused).toMatchObject({ allowed: false, remainingHour: 0, remainingDay: 1, retryAfter: 60, resetHour: at('2026-05-01T11:00:00Z') / 1000 })
    expect(await take('2026-05-01T11:00:00Z')).toMatchObject({ allowed: true, remainingHour: 1, remainingDay: 0 })
    const dayOut = await take('2026-05-01T12:00:00Z')
    expect(dayOut).toMatchObject({ allowed: false, remainingHour: 2, remainingDay: 0, resetDay: at('2026-05-02T00:00:00Z') / 1000, retryAfter: 12 * 3600 })
    expect(await take('2026-05-02T00:00:01Z')).toMatchObject({ allowed: true, remainingDay: 2 })
    done()
  })

  test('a refused request is rolled back from both counters', async () => {
    const { db, tenantId, done } = database()
    const now = at('2026-05-01T10:00:00Z')
    const { hourStart, dayStart } = windowsAt(now)
    for (let i = 0; i < 5; i++) await consumeRestRequest(db, tenantId, 'key_b', now, { perHour: 2, perDay: 100 })
    expect(readCounter(db, tenantId, 'key_b', 'hour', hourStart)).toBe(2)
    expect(readCounter(db, tenantId, 'key_b', 'day', dayStart)).toBe(2)
    done()
  })

  test('housekeeping deletes only windows long past', async () => {
    const { db, tenantId, done } = database()
    await consumeRestRequest(db, tenantId, 'key_c', at('2026-05-01T10:00:00Z'), { perHour: 10, perDay: 10 })
    await consumeRestRequest(db, tenantId, 'key_c', at('2026-05-03T10:00:00Z'), { perHour: 10, perDay: 10 })
    expect(pruneRestCounters(db, at('2026-05-04T10:30:00Z'))).toBe(2)
    expect(readCounter(db, tenantId, 'key_c', 'hour', at('2026-05-03T10:00:00Z') / 1000)).toBe(1)
    done()
  })

  test('requests of one turn are counted in one batch, exactly: the first `limit` allowed, the rest refused and uncounted', async () => {
    const { db, tenantId, done } = database()
    const now = at('2026-05-01T10:00:00Z')
    const { hourStart, dayStart } = windowsAt(now)
    const states = await Promise.all(Array.from({ length: 12 }, () => consumeRestRequest(db, tenantId, 'key_d', now, { perHour: 5, perDay: 100 })))
    expect(states.map((s) => s.allowed)).toEqual([...Array(5).fill(true), ...Array(7).fill(false)])
    expect(states.map((s) => s.remainingHour)).toEqual([4, 3, 2, 1, 0, ...Array(7).fill(0)])
    expect(readCounter(db, tenantId, 'key_d', 'hour', hourStart)).toBe(5)
    expect(readCounter(db, tenantId, 'key_d', 'day', dayStart)).toBe(5)
    done()
  })
})
