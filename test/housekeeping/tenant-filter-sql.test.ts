import { afterAll, describe, expect, test } from 'bun:test'
import { drizzle } from 'drizzle-orm/bun-sqlite'
import * as schema from '../../src/db/schema'
import type { TenantScope } from '../../src/kernel/ctx'
import { findTeamByName, findTeamInTenant, listTeamsPage, managedTeamIds } from '../../src/modules/teams/queries'
import { selfComparisons } from '../../scripts/check-architecture'
import { tempRuntime } from '../helpers/db'

/**
 * Issue 19 item 1: a correlated subquery written `m.tenant_id = ${teams.tenantId}` renders, in a
 * single-table select, as `m.tenant_id = "tenant_id"`, which SQLite binds to m.tenant_id itself:
 * a filter that is always true. These run the real team queries on a migrated database with a
 * drizzle logger on the same connection and look at the SQL drizzle actually sent.
 */
const rt = tempRuntime()
afterAll(() => rt.cleanup())

const sent: string[] = []
const logged = drizzle(rt.handle.sqlite, { schema, logger: { logQuery: (q) => sent.push(q) } })
const c: TenantScope = { tenant: { id: 1, timezone: 'UTC' }, db: logged, now: Date.parse('2026-06-01T00:00:00Z') }

describe('team queries send tenant filters that compare two tables', () => {
  test('selfComparisons finds `alias.col = "col"` and passes qualified columns', () => {
    expect(selfComparisons('select (select count(*) from "team_memberships" m where m.tenant_id = "tenant_id") from "teams"')).toEqual([
      'm.tenant_id = "tenant_id"',
    ])
    expect(selfComparisons('select 1 from "teams" where exists (select 1 from x m where m.tenant_id = "teams"."tenant_id")')).toEqual([])
    expect(selfComparisons('select 1 from x m where m.team_id = "id"')).toEqual([])
  })

  test('list, find, find-by-name and managed-team queries', () => {
    sent.length = 0
    listTeamsPage(c, { offset: 0, limit: 10 })
    listTeamsPage(c, { name: 'a', offset: 0, limit: 10 })
    findTeamInTenant(c, 'x')
    findTeamByName(c, 'x')
    managedTeamIds(c, 'u')
    expect(sent.length).toBeGreaterThanOrEqual(5)
    expect(sent.flatMap(selfComparisons)).toEqual([])
  })
})
