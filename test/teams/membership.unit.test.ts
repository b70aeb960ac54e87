import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TenantScope } from '../../src/kernel/ctx'
import { newId } from '../../src/kernel/ids'
import { loadConfig } from '../../src/kernel/config'
import { silentLogger } from '../../src/kernel/log'
import { openRuntime, systemCtxFor, type Runtime } from '../../src/runtime'
import { createTenant } from '../../src/modules/tenants/create-tenant'
import { findTenantCtx } from '../../src/modules/tenants/queries'
import { addMembership, insertTeam } from '../../src/modules/teams/queries'
import { managesUser, teamIdsOf, teamMemberIds } from '../../src/modules/teams/membership'
import { insertUser, setPrimaryTeam } from '../../src/modules/users/queries'
import { visibility } from '../../src/modules/users/visibility'

const dir = mkdtempSync(join(tmpdir(), 'wf-membership-'))
let rt: Runtime
let c: TenantScope
const ids = { team: newId(), other: newId(), manager: newId(), member: newId(), primaryOnly: newId(), outsider: newId() }

beforeAll(() => {
  rt = openRuntime(loadConfig({ dataDir: dir, logLevel: 'silent' }), silentLogger)
  const { tenant } = createTenant(
    rt.db,
    { name: 'Teams Co', planId: 'business', timezone: 'UTC', isDemo: false, owner: { name: 'O', email: 'o@teams.test' } },
    Date.now(),
  )
  c = { tenant, db: rt.db, now: Date.now() }
  insertTeam(c, { id: ids.team, name: 'Support' })
  insertTeam(c, { id: ids.other, name: 'Sales' })
  const person = (id: string, role: 'manager' | 'employee') =>
    insertUser(c, { id, name: id, email: `${id}@teams.test`, role, status: 'active', createdAt: c.now })
  person(ids.manager, 'manager')
  person(ids.member, 'employee')
  person(ids.primaryOnly, 'employee')
  person(ids.outsider, 'employee')
  addMembership(c, { teamId: ids.team, userId: ids.manager, roleInTeam: 'manager' })
  addMembership(c, { teamId: ids.team, userId: ids.member, roleInTeam: 'member' })
  // Belongs to Support only through users.primary_team_id: no membership row.
  setPrimaryTeam(c, ids.primaryOnly, ids.team)
  setPrimaryTeam(c, ids.outsider, ids.other)
})
afterAll(() => {
  rt.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the membership rule', () => {
  test('a team has its membership rows and the people whose primary team it is', () => {
    expect(teamMemberIds(c, [ids.team]).sort()).toEqual([ids.manager, ids.member, ids.primaryOnly].sort())
    expect(teamIdsOf(c, ids.primaryOnly)).toEqual([ids.team])
  })

  test('a manager approves and sees the same people: members and primary-team people, not others', () => {
    expect(managesUser(c, ids.manager, ids.member)).toBe(true)
    expect(managesUser(c, ids.manager, ids.primaryOnly)).toBe(true)
    expect(managesUser(c, ids.manager, ids.outsider)).toBe(false)
    const tenant = findTenantCtx(rt.db, c.tenant.id)!
    const ctx = {
      ...systemCtxFor(rt, tenant),
      actor: { kind: 'user' as const, keyId: 'k', keyKind: 'live' as const, userId: ids.manager, role: 'manager' as const, scope: 'read' as const },
    }
    const seen = visibility(ctx)
    expect(seen.scope).toBe('team')
    expect(seen.userIds.sort()).toEqual([ids.manager, ids.member, ids.primaryOnly].sort())
  })
})
