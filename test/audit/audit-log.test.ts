import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startServer, type TestServer } from '../helpers/server'
import { createKeyFixture, createTenantFixture, type TenantFixture } from '../helpers/fixtures'

let server: TestServer
let company: TenantFixture

beforeAll(async () => {
  server = await startServer()
  company = await createTenantFixture(server)
})
afterAll(() => server?.stop())

interface AuditPage {
  data: { action: string; entity: string; surface: string; actor: { kind: string }; before: unknown; after: unknown }[]
  pagination: { total: number }
}

describe('audit log', () => {
  test('an operator change is recorded with before and after, readable on the CLI and the REST API', async () => {
    const change = await server.cli(['offices', 'policy', 'enforce', '--tenant', company.tenant, '--presence-tap-minutes', '45'])
    expect(change.code).toBe(0)
    const cli = await server.cli(['audit', 'list', '--tenant', company.tenant, '--json'])
    expect(cli.code).toBe(0)
    const page = JSON.parse(cli.stdout) as AuditPage
    expect(page.pagination.total).toBe(1)
    expect(page.data[0]).toMatchObject({
      action: 'settings.updated',
      entity: 'settings',
      surface: 'cli',
      actor: { kind: 'operator' },
      before: { geofence_policy: 'record', presence_tap_minutes: null },
      after: { geofence_policy: 'enforce', presence_tap_minutes: 45 },
    })

    const token = await createKeyFixture(server, company.tenant, { kind: 'api', role: 'admin', scope: 'read' })
    const res = await fetch(`${server.url}/api/v1/audit-log?entity=settings`, { headers: { authorization: `Bearer ${token.key}` } })
    expect(res.status).toBe(200)
    const rest = (await res.json()) as AuditPage
    expect(rest.data.map((e) => e.action)).toEqual(['settings.updated'])
  })

  test('a change that changes nothing is not recorded', async () => {
    const before = JSON.parse((await server.cli(['audit', 'list', '--tenant', company.tenant, '--json'])).stdout) as AuditPage
    expect((await server.cli(['offices', 'policy', 'enforce', '--tenant', company.tenant, '--presence-tap-minutes', '45'])).code).toBe(0)
    const after = JSON.parse((await server.cli(['audit', 'list', '--tenant', company.tenant, '--json'])).stdout) as AuditPage
    expect(after.pagination.total).toBe(before.pagination.total)
  })

  test('bad CLI input names the option and exits non-zero', async () => {
    const res = await server.cli(['audit', 'list', '--tenant', company.tenant, '--entity', 'nope'])
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('--entity must be one of: settings')
    const json = await server.cli(['audit', 'list', '--tenant', company.tenant, '--page-size', '500', '--json'])
    expect(json.code).toBe(2)
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { code: 'invalid_argument' } })
  })
})
