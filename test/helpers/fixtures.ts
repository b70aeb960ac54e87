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
export async function createTenantFixture(server: TestServer, opts: { plan?: string; name?: string; timezone?: string } = {}): Promise<TenantFixture> {
  const n = ++counter
  const res = await server.cli([
    'tenant',
    'create',
    '--json',
    '--name',
    opts.name ?? `Fixture Co ${n} ${Math.random().toString(36).slice(2, 8)}`,
    '--owner-email',
    `owner${n}.${Date.now()}@fixture.test`,
    '--owner-name',
    `Owner ${n}`,
    '--plan',
    opts.plan ?? 'business',
    '--timezone',
    opts.timezone ?? 'UTC',
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

/** Adds a user through the real CLI (`workforce users add`); returns its id. */
export async function createUserFixture(
  server: TestServer,
  tenant: string,
  opts: { email?: string; name?: string; role?: 'employee' | 'manager' | 'admin' | 'owner_admin'; team?: string } = {},
): Promise<{ id: string; email: string; teamId: string | null }> {
  const n = ++counter
  const email = opts.email ?? `user${n}.${Date.now()}@fixture.test`
  const args = ['users', 'add', '--json', '--tenant', tenant, '--email', email, '--name', opts.name ?? `User ${n}`, '--role', opts.role ?? 'employee']
  if (opts.team) args.push('--team', opts.team)
  const res = await server.cli(args)
  if (res.code !== 0) throw new Error(`users add failed: ${res.stderr}`)
  const out = JSON.parse(res.stdout) as { user_id: string; team_id: string | null }
  return { id: out.user_id, email, teamId: out.team_id }
}

/** A user plus a live key bound to them (acts with their role). */
export async function createPersonFixture(
  server: TestServer,
  tenant: string,
  opts: { role?: 'employee' | 'manager' | 'admin' | 'owner_admin'; team?: string; name?: string } = {},
): Promise<{ id: string; email: string; key: string; teamId: string | null }> {
  const user = await createUserFixture(server, tenant, opts)
  const { key } = await createKeyFixture(server, tenant, { user: user.email })
  return { ...user, key }
}
