import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openDatabase, type DatabaseHandle } from '../../src/kernel/db'
import { authenticateKey } from '../../src/modules/api-keys/authenticate'
import { startServer, type TestServer } from '../helpers/server'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})

afterAll(async () => {
  await server.stop()
})

/** Reads the server's database beside it (WAL lets a second connection in). */
function withDatabase<T>(fn: (handle: DatabaseHandle) => T): T {
  const handle = openDatabase(join(server.dataDir, 'workforce.db'))
  try {
    return fn(handle)
  } finally {
    handle.close()
  }
}

describe('serve on an empty data directory', () => {
  test('seeds a default DEMO tenant and prints its public demo key', async () => {
    expect(server.demoTenant).toMatch(/^DEMO-\d{6}$/)
    expect(server.demoKey).toMatch(/^wf_demo_[0-9A-Za-z]{44}$/)
    const health = await fetch(`${server.url}/api/mcp/v1/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok' })
  })

  test('the public demo key authenticates as the Admin persona of the demo tenant', () => {
    const auth = withDatabase((h) => authenticateKey(h.db, server.demoKey, Date.now(), ['demo']))
    expect(auth.tenant).toMatchObject({ readableId: server.demoTenant, isDemo: true, planId: 'business' })
    expect(auth.actor).toMatchObject({ kind: 'demo', role: 'admin', scope: 'read' })
    const persona = withDatabase((h) => h.sqlite.query('SELECT name, role, status FROM users WHERE id = ?').get(auth.actor.userId!))
    expect(persona).toEqual({ name: 'Daniel Okafor', role: 'admin', status: 'active' })
  })
})

describe('workforce seed-demo', () => {
  test('creates a second DEMO tenant and prints the summary with counts and keys', async () => {
    const res = await server.cli(['seed-demo', '--employees', '12', '--days', '10', '--seed', 'cli-test', '--timezone', 'America/Chicago'])
    expect(res.stderr).not.toContain('error')
    expect(res.code).toBe(0)
    const readable = /Demo tenant (DEMO-\d{6}) created/.exec(res.stdout)?.[1]
    expect(readable).toBeDefined()
    expect(readable).not.toBe(server.demoTenant)
    expect(res.stdout).toMatch(/activity_samples\s+\d+/)
    expect(res.stdout).toMatch(/time_logs\s+\d+/)
    expect(res.stdout).toMatch(/Public demo key \(read-only, Admin persona\): wf_demo_\w{44}/)
    for (const role of ['Employee', 'Manager', 'Admin', 'OwnerAdmin']) expect(res.stdout).toMatch(new RegExp(`Demo ${role} key: wf_demo_\\w{44}`))
    expect(res.stdout).toMatch(/Elapsed: \d+\.\d+ s/)
    expect(res.stderr).toContain('seeding history: day 10/10 (100%)')
    const list = await server.cli(['tenant', 'list', '--json'])
    const tenants = JSON.parse(list.stdout) as { id: string; demo: boolean; timezone: string }[]
    expect(
      tenants
        .filter((t) => t.demo)
        .map((t) => t.id)
        .sort(),
    ).toEqual([server.demoTenant, readable!].sort())
    expect(tenants.find((t) => t.id === readable)?.timezone).toBe('America/Chicago')
  })

  test('the printed role keys authenticate as demo keys of the new tenant', async () => {
    const res = await server.cli(['seed-demo', '--employees', '8', '--days', '3', '--json'])
    expect(res.code).toBe(0)
    const summary = JSON.parse(res.stdout) as { readableId: string; roleKeys: Record<string, string>; counts: Record<string, number> }
    expect(summary.counts.users).toBeGreaterThanOrEqual(8)
    for (const [role, key] of Object.entries(summary.roleKeys)) {
      const auth = withDatabase((h) => authenticateKey(h.db, key, Date.now(), ['demo']))
      expect([role, auth.tenant.readableId, auth.actor.role]).toEqual([role, summary.readableId, role])
    }
  })

  test('refuses options out of range with a clear message', async () => {
    const res = await server.cli(['seed-demo', '--employees', '3'])
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('--employees must be an integer from 8 to 10000')
  })
})
