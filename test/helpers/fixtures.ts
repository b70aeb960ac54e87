import type { TestServer } from './server'

export interface TenantFixture {
  tenant: string
  slug: string
  ownerUserId: string
  /** Live key of the OwnerAdmin (user-scoped). */
  ownerKey: string
}

let counter = 0

/** Creates a production tenant through the real CLI, as an operator would. */
export async function createTenantFixture(
  server: TestServer,
  opts: { plan?: string; name?: string; timezone?: string } = {},
): Promise<TenantFixture> {
  const n = ++counter
  const res = await server.cli([
    'tenant', 'create', '--json',
    '--name', opts.name ?? `Fixture Co ${n} ${Math.random().toString(36).slice(2, 8)}`,
    '--owner-email', `owner${n}.${Date.now()}@fixture.test`,
    '--owner-name', `Owner ${n}`,
    '--plan', opts.plan ?? 'business',
    '--timezone', opts.timezone ?? 'UTC',
  ])
  if (res.code !== 0) throw new Error(`tenant create failed: ${res.stderr}`)
  const out = JSON.parse(res.stdout) as { tenant: string; slug: string; owner_user_id: string; key: string }
  return { tenant: out.tenant, slug: out.slug, ownerUserId: out.owner_user_id, ownerKey: out.key }
}

/** Creates a key through the real CLI and returns it with its id. */
export async function createKeyFixture(
  server: TestServer,
  tenant: string,
  opts: { kind?: 'live' | 'api' | 'demo'; role?: string; user?: string; scope?: 'read' | 'read_write'; expiresDays?: number } = {},
): Promise<{ id: string; key: string }> {
  const args = ['keys', 'create', '--json', '--tenant', tenant, '--kind', opts.kind ?? 'live']
  if (opts.role) args.push('--role', opts.role)
  if (opts.user) args.push('--user', opts.user)
  if (opts.scope) args.push('--scope', opts.scope)
  if (opts.expiresDays) args.push('--expires-days', String(opts.expiresDays))
  const res = await server.cli(args)
  if (res.code !== 0) throw new Error(`keys create failed: ${res.stderr}`)
  const out = JSON.parse(res.stdout) as { key: string; api_key: { id: string } }
  return { id: out.api_key.id, key: out.key }
}
