import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture } from '../helpers/fixtures'
import { rpc } from '../helpers/mcp'
import { loadConfig } from '../../src/kernel/config'
import { silentLogger } from '../../src/kernel/log'
import { openRuntime } from '../../src/runtime'
import { authEpoch, ensureAuthEpoch } from '../../src/modules/api-keys/auth-epoch-queries'

/**
 * The key authenticator remembers a verified key until the auth epoch moves (auth-epoch-queries.ts). These
 * tests write first (clock-in/out: the key is then served from memory across the writer's own
 * commits) and then change a row authentication depends on from another process (the CLI): the
 * very next request must see the change.
 */
describe('a remembered key after writes (real server, CLI in another process)', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer()
  }, 120_000)
  afterAll(async () => {
    await server.stop()
  }, 120_000)

  const call = async (key: string, name: string, id: number) => {
    const res = await rpc(server.url, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } }, { authorization: `Bearer ${key}` })
    return { status: res.status, headers: res.headers, text: await res.text() }
  }
  const writeTwice = async (key: string) => {
    for (const [name, id] of [
      ['clock_in', 1],
      ['clock_out', 2],
      ['clock_in', 3],
      ['clock_out', 4],
    ] as const) {
      const res = await call(key, name, id)
      expect(res.status).toBe(200)
      expect(res.text).toContain('"success\\":true')
    }
  }

  test('a deactivation is refused on the next request', async () => {
    const t = await createTenantFixture(server, { plan: 'professional' })
    const p = await createPersonFixture(server, t.tenant, { role: 'employee' })
    await writeTwice(p.key)
    expect((await server.cli(['users', 'deactivate', p.id, '--tenant', t.tenant])).code).toBe(0)
    const after = await call(p.key, 'clock_in', 5)
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toStartWith('Bearer error="invalid_token"')
  })

  test('a revocation is refused on the next request', async () => {
    const t = await createTenantFixture(server, { plan: 'professional' })
    const p = await createPersonFixture(server, t.tenant, { role: 'employee' })
    await writeTwice(p.key)
    const keys = JSON.parse((await server.cli(['keys', 'list', '--json', '--tenant', t.tenant])).stdout) as { id: string; user_id: string | null }[]
    const own = (Array.isArray(keys) ? keys : (keys as { keys: typeof keys }).keys).filter((k) => k.user_id === p.id)
    expect(own.length).toBe(1)
    expect((await server.cli(['keys', 'revoke', own[0]!.id, '--tenant', t.tenant])).code).toBe(0)
    expect((await call(p.key, 'clock_in', 5)).status).toBe(401)
  })

  test('a plan without MCP takes the MCP endpoint away on the next request', async () => {
    const t = await createTenantFixture(server, { plan: 'professional' })
    const p = await createPersonFixture(server, t.tenant, { role: 'employee' })
    await writeTwice(p.key)
    expect((await server.cli(['plan', 'set', 'community', '--tenant', t.tenant])).code).toBe(0)
    const after = await call(p.key, 'clock_in', 5)
    expect(after.text).toContain('plan_not_entitled')
    expect(after.text).not.toContain('"success\\":true')
  })
})

describe('auth_epoch triggers (real database)', () => {
  let dir: string
  let rt: ReturnType<typeof openRuntime>
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'wf-auth-epoch-'))
    rt = openRuntime(loadConfig({ dataDir: dir, logLevel: 'silent', jobsEnabled: false }, process.env), silentLogger)
    const s = rt.handle.sqlite
    s.run(
      "insert into tenants (id, readable_id, slug, name, plan_id, timezone, is_demo, created_at) values (900, 'T-900', 't-900', 'T', 'professional', 'UTC', 0, 0)",
    )
    s.run("insert into users (id, tenant_id, name, email, role, status, created_at) values ('u-900', 900, 'U', 'u900@example.test', 'employee', 'active', 0)")
    s.run(
      "insert into api_keys (id, tenant_id, kind, scope, name, lookup, display_prefix, hash, user_id, role, created_at) values ('k-900', 900, 'live', 'read_write', 'k', 'lk900', 'wf_live_lk', 'h', 'u-900', 'employee', 0)",
    )
  })
  afterAll(() => {
    rt.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const moves = (sqlText: string): boolean => {
    const before = authEpoch(rt.db)
    rt.handle.sqlite.run(sqlText)
    return authEpoch(rt.db) !== before
  }

  test('any change to tenants, users and plans moves it', () => {
    expect(moves("update tenants set name = 'T2' where id = 900")).toBe(true)
    expect(moves('update tenants set idle_threshold_seconds = 200 where id = 900')).toBe(true)
    expect(moves("update users set role = 'manager' where id = 'u-900'")).toBe(true)
    expect(moves("update users set name = name where id = 'u-900'")).toBe(true)
    expect(moves("update plans set name = name where id = 'professional'")).toBe(true)
  })

  test('a key change moves it, except a change of its last use alone', () => {
    expect(moves("update api_keys set last_used_at = 5 where id = 'k-900'")).toBe(false)
    expect(moves("update api_keys set last_used_at = 6, failed_attempts = 0 where id = 'k-900'")).toBe(false)
    expect(moves("update api_keys set failed_attempts = failed_attempts + 1, last_failed_at = 7 where id = 'k-900'")).toBe(true)
    expect(moves("update api_keys set revoked_at = 8 where id = 'k-900'")).toBe(true)
    expect(moves("update api_keys set role = 'admin' where id = 'k-900'")).toBe(true)
  })

  test('inserts and deletes move it; other tables do not', () => {
    expect(
      moves(
        "insert into api_keys (id, tenant_id, kind, scope, name, lookup, display_prefix, hash, user_id, role, created_at) values ('k-901', 900, 'live', 'read', 'k', 'lk901', 'wf_live_lk', 'h', null, 'admin', 0)",
      ),
    ).toBe(true)
    expect(moves("delete from api_keys where id = 'k-901'")).toBe(true)
    expect(
      moves("insert into time_logs (id, tenant_id, user_id, clock_in_at, status, source, created_at) values ('l-900', 900, 'u-900', 0, 'active', 'mcp', 0)"),
    ).toBe(false)
    expect(moves("delete from users where id = 'u-900'")).toBe(true)
  })

  test('ensureAuthEpoch leaves a complete set alone and restores a dropped trigger', () => {
    const count = () =>
      (rt.handle.sqlite.query("select count(*) as n from sqlite_master where type = 'trigger' and name like 'auth_epoch_%'").get() as { n: number }).n
    const n = count()
    expect(n).toBe(12)
    const before = authEpoch(rt.db)
    ensureAuthEpoch(rt.db)
    expect(authEpoch(rt.db)).toBe(before)
    rt.handle.sqlite.run('drop trigger auth_epoch_users_update')
    ensureAuthEpoch(rt.db)
    expect(count()).toBe(n)
    expect(authEpoch(rt.db)).toBe(before + 1)
    expect(moves("update tenants set name = 'T3' where id = 900")).toBe(true)
  })

  test('without its row the epoch equals nothing (no key is served from memory) until ensureAuthEpoch puts it back', () => {
    rt.handle.sqlite.run('delete from auth_epoch')
    // NaN: the authenticator's `known.epoch === epoch` is false for every entry.
    expect(Number.isNaN(authEpoch(rt.db))).toBe(true)
    ensureAuthEpoch(rt.db)
    expect(Number.isInteger(authEpoch(rt.db))).toBe(true)
    expect(moves("update tenants set name = 'T4' where id = 900")).toBe(true)
  })
})
