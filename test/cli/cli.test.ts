import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runCli } from '../helpers/server'

const data = mkdtempSync(join(tmpdir(), 'wf-cli-'))
afterAll(() => rmSync(data, { recursive: true, force: true }))

const COMMANDS = [
  [],
  ['serve'],
  ['seed-demo'],
  ['migrate'],
  ['tenant'],
  ['tenant', 'create'],
  ['tenant', 'list'],
  ['keys'],
  ['keys', 'create'],
  ['keys', 'list'],
  ['keys', 'revoke'],
  ['plan'],
  ['plan', 'set'],
  ['version'],
]

describe('workforce CLI', () => {
  test('every command answers --help with its usage', async () => {
    for (const cmd of COMMANDS) {
      const res = await runCli([...cmd, '--help'])
      expect(res.code).toBe(0)
      expect(res.stdout).toContain(`Usage: workforce${cmd.length ? ` ${cmd.join(' ')}` : ''}`)
    }
  })

  test('version prints 1.6.0', async () => {
    expect((await runCli(['version'])).stdout.trim()).toBe('1.6.0')
  })

  test('migrate creates the database and is idempotent', async () => {
    const first = await runCli(['migrate', '--data', data])
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/migrations: [1-9]\d* applied/)
    const second = await runCli(['migrate', '--data', data])
    expect(second.stdout).toContain('migrations: 0 applied')
  })

  test('tenant create prints a live key once; keys create, list and revoke manage keys', async () => {
    const created = await runCli([
      'tenant',
      'create',
      '--json',
      '--name',
      'Globex',
      '--owner-email',
      'hank@globex.test',
      '--owner-name',
      'Hank Scorpio',
      '--timezone',
      'America/New_York',
      '--data',
      data,
    ])
    expect(created.code).toBe(0)
    const tenant = JSON.parse(created.stdout) as { tenant: string; key: string; key_id: string }
    expect(tenant.tenant).toMatch(/^WF-\d{6}$/)
    expect(tenant.key).toMatch(/^wf_live_/)

    const api = JSON.parse(
      (await runCli(['keys', 'create', '--json', '--tenant', tenant.tenant, '--kind', 'api', '--role', 'admin', '--scope', 'read', '--data', data])).stdout,
    )
    expect(api.key).toMatch(/^wf_api_/)
    expect(api.api_key.scope).toBe('read')

    const listed = await runCli(['keys', 'list', '--tenant', 'globex', '--data', data])
    expect(listed.stdout).toContain(api.api_key.id)
    expect(listed.stdout).not.toContain(api.key)

    const revoked = await runCli(['keys', 'revoke', api.api_key.id, '--tenant', tenant.tenant, '--data', data])
    expect(revoked.code).toBe(0)
    const after = (await runCli(['keys', 'list', '--tenant', tenant.tenant, '--data', data])).stdout.split('\n').find((l) => l.startsWith(api.api_key.id))
    expect(after).toContain('revoked')
  })

  test('user-scoped keys take the user role; an unknown user is a clear error', async () => {
    const list = JSON.parse((await runCli(['tenant', 'list', '--json', '--data', data])).stdout) as { id: string }[]
    const tenant = list[0]!.id
    const bound = JSON.parse((await runCli(['keys', 'create', '--json', '--tenant', tenant, '--user', 'hank@globex.test', '--data', data])).stdout)
    expect(bound.api_key.role).toBe('owner_admin')
    expect(bound.api_key.user_id).toMatch(/^[0-9a-f-]{36}$/)
    const bad = await runCli(['keys', 'create', '--tenant', tenant, '--user', 'nobody@globex.test', '--data', data])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('No user "nobody@globex.test"')
  })

  test('plan set changes the plan and refuses unknown plans', async () => {
    const ok = await runCli(['plan', 'set', 'starter', '--tenant', 'globex', '--data', data])
    expect(ok.stdout).toContain('Plan changed from business to starter.')
    expect((await runCli(['plan', 'set', 'starter', '--tenant', 'globex', '--data', data])).stdout).toContain('Already on starter.')
    const bad = await runCli(['plan', 'set', 'platinum', '--tenant', 'globex', '--data', data])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('Unknown plan "platinum"')
  })

  test('an unknown tenant and bad options are explained, with a non-zero exit', async () => {
    const res = await runCli(['keys', 'list', '--tenant', 'WF-000000', '--data', data])
    expect(res.code).toBe(2)
    expect(res.stderr).toContain('No tenant "WF-000000"')
    const tz = await runCli(['tenant', 'create', '--name', 'X', '--owner-email', 'x@x.test', '--owner-name', 'X', '--timezone', 'Mars/Olympus', '--data', data])
    expect(tz.code).toBe(2)
    expect(tz.stderr).toContain('Unknown time zone')
  })
})
