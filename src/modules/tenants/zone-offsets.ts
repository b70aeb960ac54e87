import { sql } from 'drizzle-orm'
import { sqliteOf, transaction, type DbLike } from '../../kernel/db'
import { DAY, zoneOffset } from '../../kernel/time'

/**
 * zone_offsets (schema.ts): every zone tenants use, as its offset from UTC per stretch of time,
 * so that SQL can put an instant on its tenant-local date (a trigger cannot call Intl). Filled
 * from the runtime's time zone data for the covered range: at start for every tenant's zone, and
 * when a tenant is created or moves to a zone not there yet. An instant outside the range has no
 * offset, and whatever SQL places with it says so (null) rather than guess.
 */
export const ZONE_RANGE = { from: Date.UTC(2010, 0, 1), to: Date.UTC(2050, 0, 1) }

/** Offset changes are found a week apart at most (no zone changes twice within a week since 2010), then to the ms. */
const STEP = 7 * DAY

type ZoneRow = { fromMs: number; offsetMs: number | null }
/** Computed once per zone and process (~30 ms of Intl calls; a process may open several databases). */
const computed = new Map<string, ZoneRow[]>()

/** The zone's offset from each change on, within ZONE_RANGE, the last row null. */
export function zoneOffsetRows(zone: string): ZoneRow[] {
  let rows = computed.get(zone)
  if (rows === undefined) computed.set(zone, (rows = scanZone(zone)))
  return rows
}

function scanZone(zone: string): ZoneRow[] {
  const rows: ZoneRow[] = [{ fromMs: ZONE_RANGE.from, offsetMs: zoneOffset(ZONE_RANGE.from, zone) }]
  let at = ZONE_RANGE.from
  let offset = rows[0]!.offsetMs
  while (at < ZONE_RANGE.to) {
    const next = Math.min(at + STEP, ZONE_RANGE.to)
    const there = zoneOffset(next, zone)
    if (there !== offset) {
      // The first ms with the new offset, between at (old) and next (new).
      let lo = at
      let hi = next
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2)
        if (zoneOffset(mid, zone) === offset) lo = mid
        else hi = mid
      }
      rows.push({ fromMs: hi, offsetMs: there })
      offset = there
    }
    at = next
  }
  rows.push({ fromMs: ZONE_RANGE.to, offsetMs: null })
  return rows
}

/** Adds the zones not there yet (a zone's rows are written once, whole). */
export function ensureZoneOffsets(db: DbLike, zones: readonly string[]): void {
  const missing = [...new Set(zones)].filter((z) => !hasZone(db, z))
  if (missing.length === 0) return
  const rows = missing.map((zone) => ({ zone, rows: zoneOffsetRows(zone) }))
  transaction(db, (tx) => {
    const insert = sqliteOf(tx).prepare('insert or ignore into zone_offsets (zone, from_ms, offset_ms) values (?, ?, ?)')
    for (const z of rows) for (const r of z.rows) insert.run(z.zone, r.fromMs, r.offsetMs)
  })
}

const hasZone = (db: DbLike, zone: string): boolean =>
  sqliteOf(db).query<{ one: number }, [string]>('select 1 as one from zone_offsets where zone = ? limit 1').get(zone) !== null

/** Every tenant's zone (at start). */
export function ensureTenantZoneOffsets(db: DbLike): void {
  ensureZoneOffsets(
    db,
    db.all<{ timezone: string }>(sql`select distinct timezone from tenants`).map((r) => r.timezone),
  )
}

/** Whether the zone's offsets are there for [from, to) (epoch ms). */
export function zoneCovers(db: DbLike, zone: string, from: number, to: number): boolean {
  return from >= ZONE_RANGE.from && to <= ZONE_RANGE.to && hasZone(db, zone)
}

/**
 * SQL: the whole days since 1970-01-01 of `instant`'s tenant-local date, for the tenant `tenantId`
 * (SQL expressions), by zone_offsets; null outside the covered range or for a zone not there.
 */
export const localDaysSql = (instant: string, tenantId: string): string =>
  `((${instant} + (select z.offset_ms from zone_offsets z where z.zone = (select t.timezone from tenants t where t.id = ${tenantId})
    and z.from_ms <= ${instant} order by z.from_ms desc limit 1)) / ${DAY})`
