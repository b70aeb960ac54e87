import { createKeyFixture, createTenantFixture, type TenantFixture } from '../helpers/fixtures'
import { startServer, type StartOptions, type TestServer } from '../helpers/server'

/** Servers for webhook tests allow loopback receivers, as an operator would with an intranet range. */
export const ALLOW_LOOPBACK = { WORKFORCE_WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8' }

export const startWebhookServer = (opts: StartOptions = {}) => startServer({ ...opts, env: { ...ALLOW_LOOPBACK, ...opts.env } })

/** A business tenant with an admin read_write REST token, as integrators get one. */
export interface RestTenant extends TenantFixture {
  token: string
  tokenId: string
}

export async function restTenant(server: TestServer, opts: { plan?: string; scope?: 'read' | 'read_write' } = {}): Promise<RestTenant> {
  const t = await createTenantFixture(server, { plan: opts.plan ?? 'business' })
  const key = await createKeyFixture(server, t.tenant, { kind: 'api', role: 'admin', scope: opts.scope ?? 'read_write' })
  return { ...t, token: key.key, tokenId: key.id }
}

/** A minimal REST client: JSON in, status and JSON out. */
export function api(server: TestServer, token: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as any }
  }
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown) => call('POST', path, body ?? {}),
    delete: (path: string) => call('DELETE', path),
  }
}

/** Runs `workforce webhooks deliver --now ISO --json` and returns its summary. */
export async function deliverAt(server: TestServer, at: number | string) {
  const iso = typeof at === 'number' ? new Date(at).toISOString() : at
  const res = await server.cli(['webhooks', 'deliver', '--now', iso, '--json'])
  if (res.code !== 0) throw new Error(`webhooks deliver failed: ${res.stderr}`)
  return JSON.parse(res.stdout) as {
    now: string
    attempted: number
    succeeded: number
    retry_scheduled: number
    failed: number
    disabled_subscriptions: string[]
  }
}
