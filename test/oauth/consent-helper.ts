import { expect } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import type { TestServer } from '../helpers/server'
import type { Tab } from '../console/browser'

/**
 * The steps every OAuth test repeats (issue 16): set a console password, sign in, answer the
 * consent page, wait for the browser to come back to the client's loopback callback, PKCE,
 * registration, the authorization URL, and the audit trail of a client's grants.
 */

export const PASSWORD = 'correct horse battery staple'

/** The owner sets a password with the one-time setup link (which signs them in); then signed out unless told otherwise. */
export async function setConsolePassword(tab: Tab, setupUrl: string, opts: { signOut?: boolean } = {}): Promise<void> {
  await tab.page.goto(setupUrl)
  await tab.page.getByLabel('New password').fill(PASSWORD)
  await tab.page.getByLabel('Repeat the password').fill(PASSWORD)
  await tab.page.getByRole('button', { name: 'Set the password and sign in' }).click()
  await tab.page.waitForURL('**/today')
  if (opts.signOut ?? true) await tab.context.clearCookies()
}

/** Fills the console's sign-in form (the page must be on it) and submits it. */
export async function signIn(tab: Tab, email: string): Promise<void> {
  await tab.page.getByLabel('E-mail').fill(email)
  await tab.page.getByLabel('Password').fill(PASSWORD)
  await tab.page.getByRole('button', { name: 'Sign in' }).click()
}

/** The loopback "application" the browser returns to: records each callback's query. */
export interface CallbackServer {
  uri: string
  callbacks: URLSearchParams[]
  stop(): void
}

export function startCallbackServer(page = '<!doctype html><title>done</title><p>You can close this window.</p>'): CallbackServer {
  const callbacks: URLSearchParams[] = []
  const srv = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const url = new URL(req.url)
      if (url.pathname === '/callback') callbacks.push(url.searchParams)
      return new Response(page, { headers: { 'content-type': 'text/html' } })
    },
  })
  return { uri: `http://127.0.0.1:${srv.port}/callback`, callbacks, stop: () => srv.stop(true) }
}

/** Clicks Allow (or Deny) on the consent page and returns the query the client's callback received. */
export async function decide(tab: Tab, cb: CallbackServer, decision: 'Allow' | 'Deny' = 'Allow'): Promise<URLSearchParams> {
  const before = cb.callbacks.length
  await tab.page.getByRole('button', { name: decision, exact: true }).click()
  await tab.page.waitForURL(`${cb.uri}?**`)
  const deadline = Date.now() + 10_000
  while (cb.callbacks.length === before) {
    if (Date.now() > deadline)
      throw new Error(`the browser did not come back to the client: at ${tab.page.url()}: ${(await tab.page.content()).slice(0, 1500)}`)
    await Bun.sleep(25)
  }
  return cb.callbacks[cb.callbacks.length - 1]!
}

export const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** Dynamic Client Registration (RFC 7591) of a public client with one redirect URI. */
export async function registerClient(serverUrl: string, redirectUri: string, name: string): Promise<string> {
  const res = await fetch(`${serverUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: name, redirect_uris: [redirectUri] }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { client_id: string }).client_id
}

/** The authorization URL of a code + S256 request for this server's MCP resource. */
export function authorizeUrl(
  serverUrl: string,
  p: { clientId: string; redirectUri: string; challenge: string; state: string; resource?: boolean },
  extra: Record<string, string> = {},
): string {
  const u = new URL(`${serverUrl}/oauth/authorize`)
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    code_challenge: p.challenge,
    code_challenge_method: 'S256',
    state: p.state,
    ...(p.resource === false ? {} : { resource: `${serverUrl}/api/mcp/v1` }),
    ...extra,
  }
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v)
  return u.toString()
}

export interface GrantAuditEntry {
  at: string
  action: string
  entity: string
  entity_id: string
  surface: string
  actor: { kind: string; user_id: string | null; key_id: string | null }
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
  reason: string | null
}

/**
 * The tenant's audit entries of one client's grants, oldest first (a grant's creation before its
 * revocation when both share the instant: the flow test's server clock stands still), read with
 * the real CLI.
 */
export async function grantAudit(server: TestServer, tenant: string, clientId: string): Promise<GrantAuditEntry[]> {
  const res = await server.cli(['audit', 'list', '--tenant', tenant, '--entity', 'oauth_grant', '--page-size', '100', '--json'])
  expect(res.code).toBe(0)
  const page = JSON.parse(res.stdout) as { data: GrantAuditEntry[] }
  return page.data.filter((e) => (e.after ?? e.before)?.client_id === clientId).sort((a, b) => a.at.localeCompare(b.at) || a.action.localeCompare(b.action))
}
