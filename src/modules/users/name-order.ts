import type { TenantScope } from '../../kernel/ctx'
import { sqliteOf } from '../../kernel/db'
import { authEpoch } from '../api-keys/auth-epoch-queries'
import { hoursMembers, type HoursMember } from './queries'

/**
 * The order people's names are listed in: String.prototype.localeCompare with no locale or
 * options, i.e. the default collator's compare (ECMA-402), one collator kept.
 */
const byName = new Intl.Collator().compare

/** Two names in listing order (negative: `a` first; 0: listed as equal). */
export const compareNames = byName

interface Remembered {
  epoch: number
  rank: Map<string, number>
  /** The people of the last call, their ranks by position and their positions by id: the same list again needs no lookup. */
  lastIds: string[]
  lastOrder: PeopleOrder
}

/** A list of people's order by name, and where each of them is in the list. */
export interface PeopleOrder {
  /** Each person's position in byName's order among the list (equal names share the first one's), by list position. */
  ranks: Int32Array
  /** Each person's position in the list, by id. */
  positionOf: ReadonlyMap<string, number>
}

/** Per connection and tenant: the ranks of the last call, with the auth epoch they were computed at. */
const remembered = new WeakMap<object, Map<number, Remembered>>()

/**
 * Each person's position in byName's order among `people` (people with equal names share the first
 * one's), in the order of `people`, and each person's position in `people` by id. Remembered per
 * tenant while the auth epoch stays: every change to a users row moves it
 * (api-keys/auth-epoch-queries.ts), so a rename or a new person is seen by the next call. Sorting
 * rows by a number instead of by name saves the ~10,000 collator calls a sort of 1,000 people makes
 * (issue 18: team hours sorts every member by hours, then by name). Ranks compare people of one
 * call only: a call with someone the remembered ranks lack computes them again. The same people in
 * the same order as the last call (the same scope asked again) get the last answer after one
 * comparison of ids per person, without hashing them; `positionOf` then lets the caller find a row
 * by an id it has hashed already (a row read per person) instead of hashing every person's id.
 */
export function peopleOrder(c: TenantScope, people: readonly { id: string; name: string }[]): PeopleOrder {
  const epoch = authEpoch(c.db)
  const key = sqliteOf(c.db)
  let perTenant = remembered.get(key)
  if (!perTenant) remembered.set(key, (perTenant = new Map()))
  const known = perTenant.get(c.tenant.id)
  if (known && known.epoch === epoch) {
    // A copy of the ranks: the caller may keep or change its answer.
    if (sameIds(known.lastIds, people)) return { ranks: known.lastOrder.ranks.slice(), positionOf: known.lastOrder.positionOf }
    const ranks = new Int32Array(people.length)
    let complete = true
    for (let i = 0; i < people.length && complete; i++) {
      const r = known.rank.get(people[i]!.id)
      if (r === undefined) complete = false
      else ranks[i] = r
    }
    if (complete) return remember(known, people, ranks)
  }
  const sorted = [...people].sort((a, b) => byName(a.name, b.name))
  const rank = new Map<string, number>()
  for (const [i, p] of sorted.entries()) {
    const previous = sorted[i - 1]
    rank.set(p.id, previous && byName(previous.name, p.name) === 0 ? rank.get(previous.id)! : i)
  }
  const computed: Remembered = { epoch, rank, lastIds: [], lastOrder: { ranks: new Int32Array(0), positionOf: new Map() } }
  perTenant.set(c.tenant.id, computed)
  const ranks = Int32Array.from(people, (p) => rank.get(p.id)!)
  return remember(computed, people, ranks)
}

function sameIds(ids: readonly string[], people: readonly { id: string }[]): boolean {
  if (ids.length !== people.length) return false
  for (let i = 0; i < ids.length; i++) if (ids[i] !== people[i]!.id) return false
  return true
}

function remember(r: Remembered, people: readonly { id: string }[], ranks: Int32Array): PeopleOrder {
  r.lastIds = people.map((p) => p.id)
  r.lastOrder = { ranks: ranks.slice(), positionOf: new Map(r.lastIds.map((id, i) => [id, i])) }
  return { ranks, positionOf: r.lastOrder.positionOf }
}

/** Per connection and tenant: the active people in listing order, with the auth epoch it was read at. */
const activeByName = new WeakMap<object, Map<number, { epoch: number; people: readonly HoursMember[] }>>()

/**
 * The tenant's active people in the order a list of people by name shows them: byName, then as
 * hoursMembers reads them (name as SQLite compares it, then id); remembered per tenant while the
 * auth epoch stays (any change to a users row moves it), so a list that runs out of people with
 * hours (summarize_team_hours early in a week) continues by name without reading everyone again.
 */
export function activeMembersByName(c: TenantScope): readonly HoursMember[] {
  const epoch = authEpoch(c.db)
  const key = sqliteOf(c.db)
  let perTenant = activeByName.get(key)
  if (!perTenant) activeByName.set(key, (perTenant = new Map()))
  const known = perTenant.get(c.tenant.id)
  if (known && known.epoch === epoch) return known.people
  if (perTenant.size >= 64) perTenant.clear()
  // A stable sort: people of equal names keep hoursMembers' order.
  const people = [...hoursMembers(c, null)].sort((a, b) => byName(a.name, b.name))
  perTenant.set(c.tenant.id, { epoch, people })
  return people
}
