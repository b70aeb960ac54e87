import { createHash, randomBytes } from 'node:crypto'
import { loadConfig } from '../../src/kernel/config'
import { silentLogger } from '../../src/kernel/log'
import { newId } from '../../src/kernel/ids'
import { DAY } from '../../src/kernel/time'
import type { Role } from '../../src/kernel/ctx'
import { openRuntime, type Runtime } from '../../src/runtime'
import { issueKey } from '../../src/modules/api-keys/issue-key'
import { findTenantByReference } from '../../src/modules/tenants/queries'
import type { WorkProfile } from '../../src/modules/users/schema'
import { startServer, type StartOptions, type TestServer } from '../helpers/server'
import { createTenantFixture, type TenantFixture } from '../helpers/fixtures'

/**
 * Test-only setup for the client API: a real server, plus a second handle on its database for
 * what no API on this branch creates yet (users, teams, time logs, invitations). Everything the
 * tests assert goes through real HTTP; rows written here are only the starting state.
 */
export interface World {
  server: TestServer
  rt: Runtime
  close(): Promise<void>
  tenant(opts?: { timezone?: string; plan?: string }): Promise<TenantWorld>
}

export interface Person {
  id: string
  email: string
  key: string
}

export interface TenantWorld {
  fixture: TenantFixture
  id: number
  owner: Person
  addUser(opts?: { role?: Role; name?: string; profile?: WorkProfile; status?: 'active' | 'invited' | 'deactivated' }): Person
  addTeam(opts: { managerId?: string | null; members?: string[]; managers?: string[] }): string
  addTimeLog(userId: string, clockInAt: number, clockOutAt: number | null): string
  addInvitation(userId: string, opts?: { expiresAt?: number }): { id: string; token: string }
  events(type: string): Record<string, unknown>[]
}

let seq = 0

export async function startWorld(options: StartOptions = {}): Promise<World> {
  const server = await startServer(options)
  const rt = openRuntime(loadConfig({ dataDir: server.dataDir, logLevel: 'silent' }, {}), silentLogger)
  const sqlite = rt.handle.sqlite
  return {
    server,
    rt,
    async close() {
      rt.close()
      await server.stop()
    },
    async tenant(opts = {}) {
      const fixture = await createTenantFixture(server, opts)
      const tenantRow = findTenantByReference(rt.db, fixture.tenant)!
      const id = tenantRow.id
      const ownerEmail = (sqlite.query('select email from users where id = ?').get(fixture.ownerUserId) as { email: string }).email
      const tw: TenantWorld = {
        fixture,
        id,
        owner: { id: fixture.ownerUserId, email: ownerEmail, key: fixture.ownerKey },
        addUser(u = {}) {
          const n = ++seq
          const userId = newId()
          const email = `${u.name ?? `user${n}`}.${n}@client.test`.toLowerCase()
          sqlite
            .prepare(
              'insert into users (id, tenant_id, name, email, role, status, work_profile, weekly_hours, created_at, activated_at) values (?, ?, ?, ?, ?, ?, ?, 40, ?, ?)',
            )
            .run(
              userId,
              id,
              u.name ?? `User ${n}`,
              email,
              u.role ?? 'employee',
              u.status ?? 'active',
              u.profile ?? 'engineering',
              Date.now(),
              u.status === 'invited' ? null : Date.now(),
            )
          const { key } = issueKey(
            { tenant: tenantRow, db: rt.db, now: Date.now() },
            { kind: 'live', scope: 'read_write', role: u.role ?? 'employee', name: 'test', userId, createdByUserId: null, expiresAt: null },
          )
          return { id: userId, email, key }
        },
        addTeam(t) {
          const teamId = newId()
          sqlite
            .prepare('insert into teams (id, tenant_id, name, manager_user_id, created_at) values (?, ?, ?, ?, ?)')
            .run(teamId, id, `Team ${++seq}`, t.managerId ?? null, Date.now())
          const join = sqlite.prepare('insert into team_memberships (tenant_id, team_id, user_id, role_in_team, joined_at) values (?, ?, ?, ?, ?)')
          for (const m of t.members ?? []) join.run(id, teamId, m, 'member', Date.now())
          for (const m of t.managers ?? []) join.run(id, teamId, m, 'manager', Date.now())
          return teamId
        },
        addTimeLog(userId, clockInAt, clockOutAt) {
          const logId = newId()
          sqlite
            .prepare('insert into time_logs (id, tenant_id, user_id, clock_in_at, clock_out_at, status, source, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)')
            .run(logId, id, userId, clockInAt, clockOutAt, clockOutAt === null ? 'open' : 'closed', 'client', Date.now())
          return logId
        },
        addInvitation(userId, inv = {}) {
          const token = randomBytes(24).toString('base64url')
          const invitationId = newId()
          const email = (sqlite.query('select email from users where id = ?').get(userId) as { email: string }).email
          sqlite
            .prepare(
              "insert into invitations (id, tenant_id, email, status, user_id, token_hash, created_at, expires_at) values (?, ?, ?, 'pending', ?, ?, ?, ?)",
            )
            .run(invitationId, id, email, userId, createHash('sha256').update(token).digest('hex'), Date.now(), inv.expiresAt ?? Date.now() + 7 * DAY)
          return { id: invitationId, token }
        },
        events(type) {
          const rows = sqlite.query('select data from events where tenant_id = ? and type = ? order by occurred_at, rowid').all(id, type) as { data: string }[]
          return rows.map((r) => JSON.parse(r.data) as Record<string, unknown>)
        },
      }
      return tw
    },
  }
}

/** A small REST client over real HTTP; returns status and parsed JSON. */
export function api(server: TestServer, key: string | null) {
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = {}
    if (key) headers.authorization = `Bearer ${key}`
    if (body !== undefined) headers['content-type'] = 'application/json'
    const res = await fetch(`${server.url}/api/v1/client${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) })
    const text = await res.text()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any }
  }
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body),
  }
}
