import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { type OAuthClientProvider, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { type FakeClock, fakeClock } from '../helpers/fake-clock'
import { createKeyFixture } from '../helpers/fixtures'
import { callTool, mcpClient, rpc } from '../helpers/mcp'
import { startServer, type TestServer } from '../helpers/server'
import { checkPage, launch, openTab, type Tab } from '../console/browser'
import {
  authorizeUrl as authorizeUrlOf,
  type CallbackServer,
  decide,
  type GrantAuditEntry,
  grantAudit,
  pkce,
  registerClient,
  setConsolePassword,
  signIn,
  startCallbackServer,
} from './consent-helper'
import { loopbackCertificate } from '../helpers/certificate'

// A real server, real Chromium and the official SDK client: room for hooks, no timing assertion.
setDefaultTimeout(120_000)

let server: TestServer
/** The server's clock (libfaketime): it stands still until a test moves it (token expiry). */
let clock: FakeClock
/** A day after now (the loopback https stand-in's certificate must already be valid at the server's time). */
const START_MS = Math.floor(Date.now() / 3_600_000) * 3_600_000 + 24 * 3_600_000
const START = new Date(START_MS).toISOString()
/** The server's clock this many seconds after START. */
const at = (seconds: number): string => new Date(START_MS + seconds * 1000).toISOString()
let browser: Browser
let tab: Tab
let tenant: string
let ownerEmail: string
let ownerKey: string
let ownerUserId: string
/** The loopback "application" the browser returns to: records each callback's query. */
let callbackServer: CallbackServer
let redirectUri: string
let documents: ReturnType<typeof Bun.serve>
let certDir: string

/** The OAuthClientProvider of the SDK, in memory; redirectToAuthorization hands the URL to the test's browser. */
class TestProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined
  saved: OAuthTokens | undefined
  verifier = ''
  authorizationUrl: URL | null = null
  constructor(readonly redirect: string) {}
  get redirectUrl() {
    return this.redirect
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'OAuth test client',
      client_uri: 'https://client.example/',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }
  }
  clientInformation() {
    return this.info
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(v: string) {
    this.verifier = v
  }
  codeVerifier() {
    return this.verifier
  }
}

/** Opens an authorization URL in the signed-in browser, clicks Allow, and returns the callback's query. */
async function consentInBrowser(url: string, decision: 'Allow' | 'Deny' = 'Allow'): Promise<URLSearchParams> {
  await tab.page.goto(url)
  if (tab.page.url().includes('/signin')) {
    await signIn(tab, ownerEmail)
    await tab.page.waitForURL('**/oauth/consent?**')
  }
  await tab.page.getByRole('heading', { name: /Allow .* to use workforce as you\?/ }).waitFor()
  return decide(tab, callbackServer, decision)
}

const register = (redirect = redirectUri, name = 'Raw client'): Promise<string> => registerClient(server.url, redirect, name)

const authorizeUrl = (clientId: string, challenge: string, extra: Record<string, string> = {}) =>
  authorizeUrlOf(server.url, { clientId, redirectUri, challenge, state: 'st-1' }, extra)

const token = async (params: Record<string, string>) => {
  const res = await fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  })
  return { status: res.status, body: (await res.json()) as Record<string, string> }
}

/** The audit row of a revocation of the client's one grant (issue 16: connected clients leave a trace). */
async function expectRevokedInAudit(clientId: string, reason: string, surface: string, byClient: boolean) {
  const audit = await grantAudit(server, tenant, clientId)
  expect(audit.map((e) => e.action)).toEqual(['oauth_grant.created', 'oauth_grant.revoked'])
  const [created, revoked] = audit as [GrantAuditEntry, GrantAuditEntry]
  expect(revoked).toMatchObject({
    entity: 'oauth_grant',
    entity_id: created.entity_id,
    surface,
    reason,
    actor: { kind: 'user', user_id: ownerUserId },
    before: { client_id: clientId, revoked_at: null },
    after: { client_id: clientId, revoked_reason: reason },
  })
  expect(revoked.after!.revoked_at).toBeNumber()
  // At the token and revocation endpoints the actor is the client itself, its key id the grant's.
  if (byClient) expect(revoked.actor.key_id).toBe(created.entity_id)
  else expect(revoked.actor.key_id).not.toBe(created.entity_id)
}

/** A fresh client, code and verifier, through the browser. */
async function freshCode(name?: string): Promise<{ clientId: string; code: string; verifier: string }> {
  const clientId = await register(redirectUri, name)
  const { verifier, challenge } = pkce()
  const back = await consentInBrowser(authorizeUrl(clientId, challenge))
  return { clientId, code: back.get('code')!, verifier }
}

const exchange = (c: { clientId: string; code: string; verifier: string }, extra: Record<string, string> = {}) =>
  token({ grant_type: 'authorization_code', client_id: c.clientId, code: c.code, code_verifier: c.verifier, redirect_uri: redirectUri, ...extra })

const listEmployeesWith = (accessToken: string) =>
  rpc(
    server.url,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_employees', arguments: {} } },
    { authorization: `Bearer ${accessToken}` },
  )

beforeAll(async () => {
  callbackServer = startCallbackServer()
  redirectUri = callbackServer.uri
  clock = fakeClock(START)
  // The client's web site for Client ID Metadata Documents: an https stand-in on loopback with a
  // self-signed certificate the server trusts (NODE_EXTRA_CA_CERTS), its range allow-listed for
  // the address guard (as an operator would for an internal client).
  certDir = loopbackCertificate('wf-cimd-').dir
  documents = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    tls: { cert: Bun.file(join(certDir, 'cert.pem')), key: Bun.file(join(certDir, 'key.pem')) },
    fetch(req) {
      const url = new URL(req.url)
      const self = `https://127.0.0.1:${documents.port}${url.pathname}`
      if (url.pathname === '/client.json')
        return Response.json({
          client_id: self,
          client_name: 'CIMD client',
          client_uri: 'https://cimd.example/',
          redirect_uris: [redirectUri],
          token_endpoint_auth_method: 'none',
        })
      if (url.pathname === '/impostor.json')
        return Response.json({ client_id: 'https://someone.else/client.json', client_name: 'Impostor', redirect_uris: [redirectUri] })
      return new Response('not found', { status: 404 })
    },
  })
  server = await startServer({
    env: { ...clock.env, NODE_EXTRA_CA_CERTS: join(certDir, 'cert.pem'), WORKFORCE_WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8' },
  })
  ownerEmail = `owner.${Date.now()}@oauth.test`
  const created = await server.cli(['tenant', 'create', '--json', '--name', 'OAuth & Co', '--owner-email', ownerEmail, '--owner-name', 'Olga Owner'])
  expect(created.code).toBe(0)
  const out = JSON.parse(created.stdout) as { tenant: string; owner_user_id: string; console_setup_url: string }
  tenant = out.tenant
  ownerUserId = out.owner_user_id
  ownerKey = (await createKeyFixture(server, tenant, { kind: 'live', user: ownerEmail })).key
  browser = await launch()
  tab = await openTab(browser, server.url)
  // The owner sets a password with the one-time link (and is signed in by it; the test signs out to see sign-in in the flow).
  await setConsolePassword(tab, out.console_setup_url)
}, 180_000)

afterAll(async () => {
  if (process.env.OAUTH_TEST_DEBUG)
    console.log(
      server
        ?.output()
        .split('\n')
        .filter((l) => l.includes('error'))
        .join('\n'),
    )
  await tab?.context.close().catch(() => undefined)
  await browser?.close()
  await server?.stop()
  callbackServer?.stop()
  clock?.close()
  documents?.stop(true)
  if (certDir) rmSync(certDir, { recursive: true, force: true })
}, 120_000)

describe('discovery', () => {
  test('protected resource metadata (RFC 9728) at the path of the MCP endpoint and at the root', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/api/mcp/v1', '/.well-known/oauth-protected-resource']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ resource: `${server.url}/api/mcp/v1`, authorization_servers: [server.url], scopes_supported: ['mcp'] })
    }
  })

  test('authorization server metadata (RFC 8414) at its path and at the OpenID configuration path', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const res = await fetch(`${server.url}${path}`)
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({
        issuer: server.url,
        authorization_endpoint: `${server.url}/oauth/authorize`,
        token_endpoint: `${server.url}/oauth/token`,
        registration_endpoint: `${server.url}/oauth/register`,
        revocation_endpoint: `${server.url}/oauth/revoke`,
        code_challenge_methods_supported: ['S256'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        client_id_metadata_document_supported: true,
      })
    }
  })

  test('a keyless call that needs an identity is HTTP 401 with the resource metadata challenge; discovery stays keyless', async () => {
    const res = await rpc(server.url, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_employees', arguments: {} } })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${server.url}/.well-known/oauth-protected-resource/api/mcp/v1", scope="mcp"`)
    const body = (await res.json()) as { id: number; error: { message: string; data: { error: string } } }
    expect(body.id).toBe(7)
    expect(body.error.data.error).toBe('unauthorized')
    expect(body.error.message).toContain('demo key')
    expect(body.error.message).toContain('OAuth')
    // The public tools, initialize and GET /tools answer without a key.
    const anonymous = await mcpClient(server.url)
    const caps = await callTool(anonymous, 'get_capabilities')
    expect(caps.isError).toBe(false)
    await anonymous.close()
    expect((await fetch(`${server.url}/api/mcp/v1/tools`)).status).toBe(200)
  })

  test('a bad bearer token is 401 invalid_token with the challenge', async () => {
    const res = await listEmployeesWith('wf_oat_not-a-token')
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toStartWith('Bearer error="invalid_token", resource_metadata="')
  })
})

describe('the official SDK client signs in through the browser', () => {
  test('discovery, registration, sign-in and consent in Chromium, tokens, then list_employees as that person', async () => {
    const provider = new TestProvider(redirectUri)
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp/v1`), { authProvider: provider })
    const client = new Client({ name: 'oauth-sdk-test', version: '1.0.0' })
    // initialize needs no key.
    await client.connect(transport)
    const keylessSession = transport.sessionId
    expect(keylessSession).toStartWith('a1_')
    // The first call that needs an identity makes the SDK discover, register and redirect.
    const first = await client.callTool({ name: 'list_employees', arguments: {} }).catch((e: unknown) => e)
    expect(first).toBeInstanceOf(UnauthorizedError)
    expect(provider.info?.client_id).toStartWith('wfc_')
    expect(provider.authorizationUrl).not.toBeNull()
    const auth = provider.authorizationUrl!
    expect(auth.origin + auth.pathname).toBe(`${server.url}/oauth/authorize`)
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256')
    expect(auth.searchParams.get('resource')).toBe(`${server.url}/api/mcp/v1`)
    // The person signs in (the console's sign-in page) and allows the client on the consent page.
    const back = await consentInBrowser(auth.toString())
    expect(back.get('iss')).toBe(server.url)
    const code = back.get('code')!
    expect(code).toStartWith('wf_oac_')
    await transport.finishAuth(code)
    expect(provider.saved?.access_token).toStartWith('wf_oat_')
    expect(provider.saved?.refresh_token).toStartWith('wf_ort_')
    expect(provider.saved?.expires_in).toBe(3600)
    // The retry succeeds and sees exactly what the person's own user-scoped key sees.
    const viaOAuth = await callTool(client, 'list_employees')
    expect(viaOAuth.isError).toBe(false)
    const viaKey = await mcpClient(server.url, ownerKey)
    const keyed = await callTool(viaKey, 'list_employees')
    expect(viaOAuth.structured).toEqual(keyed.structured)
    expect(JSON.stringify(viaOAuth.structured)).toContain(ownerEmail)
    // The keyless session was replaced by a stored session of the token, without a new initialize.
    expect(transport.sessionId).toStartWith('s1_')
    await viaKey.close()
    await client.close()
  })

  test('an OAuth access token works on the MCP endpoint only (RFC 8707 audience): REST refuses it', async () => {
    const tokens = await exchange(await freshCode())
    expect(tokens.status).toBe(200)
    // The person's own live key works on the client API; their OAuth token does not, nor on REST.
    const clientApi = `${server.url}/api/v1/client/me/time-corrections`
    expect((await fetch(clientApi, { headers: { authorization: `Bearer ${ownerKey}` } })).status).toBe(200)
    for (const url of [clientApi, `${server.url}/api/v1/users`]) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${tokens.body.access_token}` } })
      expect(res.status).toBe(401)
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain('only on the MCP endpoint')
    }
    expect((await listEmployeesWith(tokens.body.access_token!)).status).toBe(200)
  })
})

describe('Client ID Metadata Documents (2025-11-25)', () => {
  test('an https client_id is fetched: its name is on the consent page, and its code exchanges for working tokens', async () => {
    const clientId = `https://127.0.0.1:${documents.port}/client.json`
    const { verifier, challenge } = pkce()
    const probe = await fetch(authorizeUrl(clientId, challenge), { redirect: 'manual' })
    expect({ status: probe.status, body: probe.status === 302 ? '' : await probe.text() }).toEqual({ status: 302, body: '' })
    await tab.page.goto(authorizeUrl(clientId, challenge))
    await tab.page.getByRole('heading', { name: /Allow CIMD client/ }).waitFor()
    const back = await consentInBrowser(authorizeUrl(clientId, challenge))
    const t = await exchange({ clientId, code: back.get('code')!, verifier })
    expect(t.status).toBe(200)
    expect((await listEmployeesWith(t.body.access_token!)).status).toBe(200)
  })

  test('a document that does not name itself as client_id is refused on an error page (invalid_client), never redirected', async () => {
    const res = await fetch(authorizeUrl(`https://127.0.0.1:${documents.port}/impostor.json`, pkce().challenge), { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    expect(await res.text()).toContain('invalid_client')
  })
})

describe('refresh tokens', () => {
  test('a refresh token is rotated on use; the new pair works', async () => {
    const c = await freshCode()
    const first = await exchange(c)
    expect(first.status).toBe(200)
    // The consent left its trace: one audit row, in the person's name, of the new grant.
    const audit = await grantAudit(server, tenant, c.clientId)
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({
      action: 'oauth_grant.created',
      entity: 'oauth_grant',
      entity_id: expect.stringMatching(/^oag_/),
      surface: 'client',
      actor: { kind: 'user', user_id: ownerUserId },
      before: null,
      after: { user_id: ownerUserId, client_id: c.clientId, client_name: 'Raw client', scope: 'mcp', read_only: false, revoked_at: null },
      reason: null,
    })
    const second = await token({ grant_type: 'refresh_token', client_id: c.clientId, refresh_token: first.body.refresh_token! })
    expect(second.status).toBe(200)
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token)
    expect(second.body.access_token).not.toBe(first.body.access_token)
    expect((await listEmployeesWith(second.body.access_token!)).status).toBe(200)
  })

  test('a reused refresh token revokes the whole family: every token of the grant stops working', async () => {
    const c = await freshCode()
    const first = await exchange(c)
    const second = await token({ grant_type: 'refresh_token', client_id: c.clientId, refresh_token: first.body.refresh_token! })
    expect(second.status).toBe(200)
    const replay = await token({ grant_type: 'refresh_token', client_id: c.clientId, refresh_token: first.body.refresh_token! })
    expect(replay).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    const refreshed = await token({ grant_type: 'refresh_token', client_id: c.clientId, refresh_token: second.body.refresh_token! })
    expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    const call = await listEmployeesWith(second.body.access_token!)
    expect(call.status).toBe(401)
    expect(call.headers.get('www-authenticate')).toStartWith('Bearer error="invalid_token"')
    await expectRevokedInAudit(c.clientId, 'refresh_token_reuse', 'rest', true)
  })

  test('revocation (RFC 7009) stops the very next call', async () => {
    const c = await freshCode()
    const t = await exchange(c)
    expect((await listEmployeesWith(t.body.access_token!)).status).toBe(200)
    const res = await fetch(`${server.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: t.body.refresh_token!, client_id: c.clientId }).toString(),
    })
    expect(res.status).toBe(200)
    expect((await listEmployeesWith(t.body.access_token!)).status).toBe(401)
    await expectRevokedInAudit(c.clientId, 'revocation_endpoint', 'rest', true)
  })
})

describe('connected applications in the console', () => {
  test('the person sees the application and disconnecting it stops the very next call', async () => {
    const c = await freshCode('Console revoke client')
    const t = await exchange(c)
    expect((await listEmployeesWith(t.body.access_token!)).status).toBe(200)
    await tab.page.goto('/account/applications')
    await tab.page.getByText('Console revoke client').waitFor()
    await checkPage(tab, 'oauth-applications')
    await tab.page.getByRole('button', { name: 'Disconnect Console revoke client' }).click()
    await tab.page.getByText('Disconnected: that application can no longer act as you.').waitFor()
    const after = await listEmployeesWith(t.body.access_token!)
    expect(after.status).toBe(401)
    expect(((await after.json()) as { error: { message: string } }).error.message).toContain('revoked')
    const refresh = await token({ grant_type: 'refresh_token', client_id: c.clientId, refresh_token: t.body.refresh_token! })
    expect(refresh).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    await expectRevokedInAudit(c.clientId, 'user', 'client', false)
  })

  test('the consent page passes the console checks (axe-core, no console errors, both sizes)', async () => {
    const clientId = await register(redirectUri, 'Screenshot client')
    await tab.page.goto(authorizeUrl(clientId, pkce().challenge))
    await tab.page.getByRole('heading', { name: /Allow Screenshot client/ }).waitFor()
    await checkPage(tab, 'oauth-consent')
  })
})

describe('refusals with the RFC error codes', () => {
  test("another tenant's data: the token acts in its own tenant only (not_found for a person of the demo company)", async () => {
    const demo = await mcpClient(server.url, server.demoKey)
    const listed = await callTool(demo, 'list_employees')
    await demo.close()
    const someone = (listed.structured.result as { employees: { id: string }[] }).employees[0]!.id
    const t = await exchange(await freshCode())
    const res = await rpc(
      server.url,
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_employee_details', arguments: { employee_id: someone } } },
      { authorization: `Bearer ${t.body.access_token}` },
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as { result: { isError: boolean; structuredContent: { error: string } } }
    expect(body.result.isError).toBe(true)
    expect(body.result.structuredContent.error).toBe('not_found')
    // The same person is found with the demo key (the refusal is the tenant, not the id).
    const again = await mcpClient(server.url, server.demoKey)
    expect((await callTool(again, 'get_employee_details', { employee_id: someone })).isError).toBe(false)
    await again.close()
  })

  test('a wrong PKCE verifier: invalid_grant', async () => {
    const c = await freshCode()
    expect(await exchange({ ...c, verifier: pkce().verifier })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  test('a code used twice: invalid_grant, and the tokens issued from it are revoked', async () => {
    const c = await freshCode()
    const first = await exchange(c)
    expect(first.status).toBe(200)
    expect(await exchange(c)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
    expect((await listEmployeesWith(first.body.access_token!)).status).toBe(401)
    await expectRevokedInAudit(c.clientId, 'code_reuse', 'rest', true)
  })

  test('a redirect URI not registered: an error page, never a redirect; a different one at the token endpoint: invalid_grant', async () => {
    const clientId = await register()
    const { challenge } = pkce()
    const res = await fetch(authorizeUrl(clientId, challenge, { redirect_uri: 'https://attacker.example/cb' }), { redirect: 'manual' })
    expect(res.status).toBe(400)
    expect(res.headers.get('location')).toBeNull()
    const c = await freshCode()
    expect(await exchange(c, { redirect_uri: `${redirectUri}/other` })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  test('a loopback redirect URI matches on any port, other parts exactly', async () => {
    const clientId = await register('http://127.0.0.1:1/callback')
    const { challenge } = pkce()
    const ok = await fetch(authorizeUrl(clientId, challenge), { redirect: 'manual' })
    expect(ok.status).toBe(302)
    expect(ok.headers.get('location')).toStartWith('/oauth/consent?request=')
    const bad = await fetch(authorizeUrl(clientId, challenge, { redirect_uri: redirectUri.replace(/\/callback$/, '/other') }), { redirect: 'manual' })
    expect(bad.status).toBe(400)
  })

  test('a token for another resource: invalid_target at the authorization and token endpoints', async () => {
    const clientId = await register()
    const { challenge } = pkce()
    const res = await fetch(authorizeUrl(clientId, challenge, { resource: 'https://other.example/mcp' }), { redirect: 'manual' })
    expect(res.status).toBe(302)
    const back = new URL(res.headers.get('location')!)
    expect(back.origin + back.pathname).toBe(redirectUri)
    expect(back.searchParams.get('error')).toBe('invalid_target')
    expect(back.searchParams.get('state')).toBe('st-1')
    const c = await freshCode()
    expect(await exchange(c, { resource: 'https://other.example/mcp' })).toMatchObject({ status: 400, body: { error: 'invalid_target' } })
  })

  test('PKCE is required, S256 only', async () => {
    const clientId = await register()
    const plain = await fetch(authorizeUrl(clientId, 'x'.repeat(43), { code_challenge_method: 'plain' }), { redirect: 'manual' })
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request')
  })

  test('registration refuses a redirect URI that is neither https nor loopback: invalid_redirect_uri', async () => {
    const res = await fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Bad', redirect_uris: ['http://example.com/cb'] }),
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toBe('invalid_redirect_uri')
  })

  test('an unknown grant type: unsupported_grant_type', async () => {
    expect(await token({ grant_type: 'password', username: 'a', password: 'b' })).toMatchObject({ status: 400, body: { error: 'unsupported_grant_type' } })
  })
})

describe('expiry (the server clock moves; last in the file)', () => {
  test('a code older than a minute: invalid_grant', async () => {
    const c = await freshCode()
    clock.set(at(120))
    expect(await exchange(c)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } })
  })

  test('an access token after its hour: 401 invalid_token; the refresh token still gets a new one', async () => {
    clock.set(at(3600))
    const c = await freshCode()
    const t = await exchange(c)
    expect((await listEmployeesWith(t.body.access_token!)).status).toBe(200)
    clock.set(at(7201))
    const expired = await listEmployeesWith(t.body.access_token!)
    expect(expired.status).toBe(401)
    expect(expired.headers.get('www-authenticate')).toStartWith('Bearer error="invalid_token"')
    expect(((await expired.json()) as { error: { message: string } }).error.message).toContain('expired')
    const refreshed = await token({ grant_type: 'refresh_token', client_id: c.clientId, refresh_token: t.body.refresh_token! })
    expect(refreshed.status).toBe(200)
    expect((await listEmployeesWith(refreshed.body.access_token!)).status).toBe(200)
  })
})
