import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer, workforceCommand, type TestServer } from '../helpers/server'
import { createPersonFixture, createTenantFixture, type TenantFixture } from '../helpers/fixtures'

let server: TestServer
let tenant: TenantFixture
let person: { id: string; email: string; key: string }

beforeAll(async () => {
  server = await startServer()
  tenant = await createTenantFixture(server)
  person = await createPersonFixture(server, tenant.tenant, { name: 'Enrolled Person' })
})
afterAll(() => server.stop())

export async function agentCli(args: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn([...workforceCommand(), 'agent', ...args], { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code: await proc.exited, stdout, stderr }
}

async function enrollCode(email: string): Promise<{ code: string; expires_at: string; code_id: string }> {
  const res = await server.cli(['users', 'enroll-code', '--json', '--tenant', tenant.tenant, '--user', email])
  expect(res.code).toBe(0)
  return JSON.parse(res.stdout)
}

const counts = () => {
  const db = new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
  try {
    const n = (sql: string) => (db.query(sql).get() as { n: number }).n
    return {
      devices: n('select count(*) n from devices'),
      keys: n('select count(*) n from api_keys'),
      used: n('select count(*) n from enrollment_codes where used_at is not null'),
    }
  } finally {
    db.close()
  }
}

const post = async (path: string, body: unknown, key?: string) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (key) headers.authorization = `Bearer ${key}`
  const res = await fetch(`${server.url}/api/v1/client${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as any }
}

const device = { fingerprint: 'fp-enrollment-0001', name: 'test-laptop', platform: 'linux', agent_version: '1.0.0' }

describe('enrollment codes', () => {
  test('the CLI prints a code and its expiry; `agent enroll` exchanges it for an owner-only credential whose key works', async () => {
    const human = await server.cli(['users', 'enroll-code', '--tenant', tenant.tenant, '--user', person.email])
    expect(human.code).toBe(0)
    expect(human.stdout).toMatch(/Enrollment code for Enrolled Person <.*>: [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}/)
    expect(human.stdout).toMatch(/Valid once, until \d{4}-\d\d-\d\dT/)

    const { code, expires_at } = await enrollCode(person.email)
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(50 * 60_000)
    const dir = join(mkdtempSync(join(tmpdir(), 'wf-agent-')), 'agent')
    const before = counts()
    const res = await agentCli(['enroll', '--server', server.url, '--code', code.toLowerCase(), '--config-dir', dir, '--name', 'ci-box'])
    expect(res.stderr).toBe('')
    expect(res.code).toBe(0)
    expect(res.stdout).toContain(`Enrolled ci-box for ${person.email}`)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(statSync(join(dir, 'credential.json')).mode & 0o777).toBe(0o600)
    const cred = JSON.parse(readFileSync(join(dir, 'credential.json'), 'utf8'))
    expect(cred.key).toMatch(/^wf_live_/)
    expect(cred.user_id).toBe(person.id)
    expect(cred.idle_threshold_seconds).toBe(300)
    expect(counts()).toEqual({ devices: before.devices + 1, keys: before.keys + 1, used: before.used + 1 })

    // The key is bound to the user: a session on the enrolled device starts.
    const session = await post('/agent-sessions', { device_id: cred.device_id }, cred.key)
    expect(session.status).toBe(200)

    const status = await agentCli(['status', '--json', '--config-dir', dir])
    expect(JSON.parse(status.stdout)).toMatchObject({ enrolled: true, email: person.email, device_name: 'ci-box', private_mode: false })

    // Used again: conflict, reason used, nothing written.
    const again = counts()
    const reuse = await agentCli(['enroll', '--server', server.url, '--code', code, '--config-dir', join(dir, 'other')])
    expect(reuse.code).not.toBe(0)
    expect(reuse.stderr).toContain('This enrollment code was used already')
    const api = await post('/enroll', { code, device })
    expect(api.status).toBe(409)
    expect(api.body.error.details).toMatchObject({ reason: 'used', field: 'code' })
    expect(counts()).toEqual(again)
  })

  test('unknown and expired codes are refused with a clear error and write nothing', async () => {
    const before = counts()
    const unknown = await post('/enroll', { code: 'AAAA-BBBB-CCCC-DDDD', device })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toMatchObject({ code: 'not_found', message: 'This enrollment code is not valid.' })

    const { code, code_id } = await enrollCode(person.email)
    // Age the code past its expiry (the server has no clock to fast-forward).
    const db = new Database(join(server.dataDir, 'workforce.db'))
    db.query('update enrollment_codes set expires_at = ? where id = ?').run(Date.now() - 1000, code_id)
    db.close()
    const expired = await post('/enroll', { code, device })
    expect(expired.status).toBe(409)
    expect(expired.body.error.details).toMatchObject({ reason: 'expired', field: 'code' })
    expect(expired.body.error.message).toContain('expired')
    expect(counts()).toEqual(before)

    const bad = await post('/enroll', { code, device: { ...device, platform: 'amiga' } })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('invalid_argument')
  })

  test('codes are created by admins and above over the client API; an employee is refused', async () => {
    const byOwner = await post('/admin/enrollment-codes', { user_id: person.id, ttl_minutes: 10 }, tenant.ownerKey)
    expect(byOwner.status).toBe(201)
    expect(byOwner.body.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/)
    const byEmployee = await post('/admin/enrollment-codes', { user_id: person.id }, person.key)
    expect(byEmployee.status).toBe(403)
    expect(byEmployee.body.error.code).toBe('forbidden')
    // An admin cannot mint a code (hence a key) for the OwnerAdmin.
    const admin = await createPersonFixture(server, tenant.tenant, { role: 'admin' })
    expect((await post('/admin/enrollment-codes', { user_id: person.id }, admin.key)).status).toBe(201)
    const up = await post('/admin/enrollment-codes', { user_id: tenant.ownerUserId }, admin.key)
    expect(up.status).toBe(403)
    expect(up.body.error).toMatchObject({ code: 'forbidden', details: { field: 'user_id' } })
  })
})
