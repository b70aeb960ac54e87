import { describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { localDate, zoneOffset } from '../../src/kernel/time'
import { ZONE_RANGE, localDaysSql, zoneOffsetRows } from '../../src/modules/tenants/zone-offsets'
import { rng } from './sequences'

// Zones with DST both ways, half-hour and 45-minute offsets, a 30-minute DST shift (Lord Howe),
// DST suspended for Ramadan (Casablanca), and none at all.
const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Africa/Casablanca',
  'Pacific/Chatham',
  'UTC',
]

describe('zone_offsets: SQL finds an instant’s tenant-local date as Intl does', () => {
  test('at random instants and at a millisecond either side of every offset change, in every zone', () => {
    const db = new Database(':memory:')
    db.exec('create table tenants (id integer primary key, timezone text)')
    db.exec('create table zone_offsets (zone text, from_ms integer, offset_ms integer, primary key (zone, from_ms)) without rowid')
    const insert = db.prepare('insert into zone_offsets values (?, ?, ?)')
    ZONES.forEach((zone, i) => {
      db.prepare('insert into tenants values (?, ?)').run(i + 1, zone)
      for (const r of zoneOffsetRows(zone)) insert.run(zone, r.fromMs, r.offsetMs)
    })
    const dateOf = db.prepare<{ d: string | null }, [number, number]>(`select date(${localDaysSql('?1', '?2')} * 86400, 'unixepoch') as d`)
    const rand = rng(7)
    let checked = 0
    ZONES.forEach((zone, i) => {
      const changes = zoneOffsetRows(zone)
        .slice(1, -1)
        .map((r) => r.fromMs)
      const instants = [
        ...changes.flatMap((at) => [at - 1, at]),
        ...Array.from({ length: 400 }, () => ZONE_RANGE.from + Math.floor(rand() * (ZONE_RANGE.to - ZONE_RANGE.from))),
      ]
      for (const at of instants) {
        expect([zone, at, dateOf.get(at, i + 1)!.d]).toEqual([zone, at, localDate(at, zone)])
        checked++
      }
      if (zone !== 'UTC' && zone !== 'Asia/Kathmandu' && zone !== 'Asia/Kolkata') expect(changes.length).toBeGreaterThan(0)
    })
    expect(checked).toBeGreaterThan(ZONES.length * 400)
    // The offset itself, every six hours of 2019-2031 in the zone whose changes come closest together.
    const offsetOf = db.prepare<{ o: number | null }, [string, number]>(
      'select offset_ms as o from zone_offsets where zone = ?1 and from_ms <= ?2 order by from_ms desc limit 1',
    )
    for (let at = Date.UTC(2019, 0, 1); at < Date.UTC(2031, 0, 1); at += 6 * 3_600_000)
      expect(['Africa/Casablanca', at, offsetOf.get('Africa/Casablanca', at)!.o]).toEqual(['Africa/Casablanca', at, zoneOffset(at, 'Africa/Casablanca')])
    // Outside the covered range there is no date rather than a guess.
    expect(dateOf.get(ZONE_RANGE.to + 1, 1)!.d).toBeNull()
    expect(dateOf.get(ZONE_RANGE.from - 1, 1)!.d).toBeNull()
  })
})
