import { Elysia } from 'elysia'
import { randomUUID } from 'node:crypto'
import { escapeHtml } from '@kitajs/html'
import { csrfOk, consoleRequest } from '../console/request'
import { OAUTH_CONSENT_PATH } from '../console/pages/oauth-consent'
import { decideAuthorization, startAuthorization } from '../modules/oauth/authorization'
import { registerClient } from '../modules/oauth/clients'
import { authorizationServerMetadata, protectedResourceMetadata, PRM_PATH } from '../modules/oauth/metadata'
import { exchangeCode, refreshTokens, revokeToken } from '../modules/oauth/token-grants'
import { OAuthError } from '../modules/oauth/tokens'
import type { Runtime } from '../runtime'

/** OAuth answers are never cached (RFC 6749 §5.1) and readable by browser-based clients. */
const JSON_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' }

/**
 * CORS (docs/oauth.md, "Browser-based clients"). The discovery documents and the registration,
 * token and revocation endpoints are read cross-origin by browser-based MCP clients (the
 * Inspector's UI, web connectors): they answer any Origin with `Access-Control-Allow-Origin: *`
 * and a preflight. No cookie is involved there (a code needs its PKCE verifier, a token is its own
 * credential), so the Origin part of the Host/Origin guard does not apply to them; the Host part
 * still does. The authorization and consent pages are navigations, not CORS: the guard applies.
 */
export const OPEN_OAUTH_PATHS: ReadonlySet<string> = new Set([
  PRM_PATH,
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
  '/oauth/register',
  '/oauth/token',
  '/oauth/revoke',
])

/** Whether a refused Origin may still be served: only on the open OAuth endpoints above. */
export const originFreePath = (path: string): boolean => OPEN_OAUTH_PATHS.has(path)

const PREFLIGHT_MAX_AGE_S = '600'

/** The answer to a CORS preflight of an open OAuth endpoint. */
const oauthPreflight = (): Response =>
  new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
      'access-control-max-age': PREFLIGHT_MAX_AGE_S,
    },
  })

/**
 * CORS of the MCP endpoint: a browser Origin that passed the Host/Origin guard (the box's own
 * hosts, loopback when bound to it, WORKFORCE_ALLOWED_ORIGINS) is echoed, never `*`; a refused one
 * never gets here. Headers the client must read (the session id, the 401 challenge) are exposed.
 */
export function mcpCorsHeaders(request: Request, headers: Record<string, string | number>): void {
  const origin = request.headers.get('origin')
  if (!origin) return
  headers['access-control-allow-origin'] = origin
  headers.vary = 'Origin'
  headers['access-control-expose-headers'] = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate'
}

/** The answer to a CORS preflight of the MCP endpoint (its Origin already passed the guard). */
export function mcpPreflight(request: Request): Response {
  const headers: Record<string, string> = {
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': 'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id',
    'access-control-max-age': PREFLIGHT_MAX_AGE_S,
  }
  mcpCorsHeaders(request, headers)
  return new Response(null, { status: 204, headers })
}

const json = (body: unknown, status = 200): Response => new Response(JSON.stringify(body), { status, headers: JSON_HEADERS })

/** RFC 6749 §5.2 error shape; invalid_client is 401 (§5.2). */
const oauthError = (e: OAuthError): Response => json({ error: e.error, error_description: e.description }, e.status)

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'",
}

/** A plain page for what cannot go back to the client (unknown client, wrong redirect URI). */
const errorPage = (e: OAuthError, status = 400): Response =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Cannot connect the application</title><link rel="stylesheet" href="/assets/console.css"></head><body><main class="public"><h1>Cannot connect the application</h1><p><code>${escapeHtml(e.error)}</code>: ${escapeHtml(e.description)}</p><p>Go back to the application and connect again.</p></main></body></html>`,
    { status, headers: PAGE_HEADERS },
  )

/**
 * Back to the client after consent. htmx requests (the console boosts its forms) get HX-Redirect;
 * a plain form post gets a page that navigates (meta refresh, and a link) rather than a 303: the
 * consent page's Content-Security-Policy allows forms to post only to this server (form-action
 * 'self'), and browsers apply that to the redirect that follows a form post.
 */
const backToClient = (location: string): Response =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${escapeHtml(location)}"><title>Returning to the application</title></head><body><main><p>Returning to the application… <a href="${escapeHtml(location)}">Continue</a></p></main></body></html>`,
    { status: 200, headers: PAGE_HEADERS },
  )

const readForm = async (request: Request): Promise<URLSearchParams> => {
  const type = request.headers.get('content-type') ?? ''
  const text = await request.text()
  if (type.includes('application/json')) {
    const body = JSON.parse(text || '{}') as Record<string, unknown>
    const out = new URLSearchParams()
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out.set(k, v)
    return out
  }
  return new URLSearchParams(text)
}

/**
 * Registrations per client address in a sliding 60-minute window, in memory (one server per data
 * directory; a restart forgets). `take` counts one and returns 0, or the seconds to wait.
 */
class RegistrationWindow {
  private readonly seen = new Map<string, number[]>()
  take(address: string, now: number, limit: number): number {
    const recent = (this.seen.get(address) ?? []).filter((t) => now - t < 60 * 60_000)
    if (recent.length >= limit) {
      this.seen.set(address, recent)
      return Math.max(1, Math.ceil((recent[0]! + 60 * 60_000 - now) / 1000))
    }
    recent.push(now)
    this.seen.set(address, recent)
    // Keeps the map small: addresses with nothing in the window go.
    if (this.seen.size > 10_000) for (const [k, v] of this.seen) if (v.every((t) => now - t >= 60 * 60_000)) this.seen.delete(k)
    return 0
  }
}

/** Public base URL (the issuer); read per request: `serve --port 0` learns its port after mounting. */
const issuerOf = (rt: Runtime): string => rt.config.publicUrl.replace(/\/+$/, '')

/**
 * The appliance's OAuth 2.1 authorization server for the MCP endpoint (MCP authorization,
 * 2025-06-18 and 2025-11-25): discovery documents, registration, the authorization endpoint (its
 * consent page is the console's /oauth/consent), the token and revocation endpoints.
 */
export function oauthSurface(rt: Runtime) {
  const idOf = (headers: Record<string, unknown>) => String(headers['x-request-id'] ?? randomUUID())
  const ipOf = (server: { requestIP(r: Request): { address: string } | null } | null, request: Request) => server?.requestIP(request)?.address ?? null
  const registrations = new RegistrationWindow()
  const prm = () => json(protectedResourceMetadata(issuerOf(rt)))
  const asm = () => json(authorizationServerMetadata(issuerOf(rt)))
  const hidden = { detail: { hide: true } }
  return (
    new Elysia({ name: 'oauth' })
      // CORS preflights of the open endpoints (one route each: Elysia matches OPTIONS per path).
      .options(PRM_PATH, oauthPreflight, hidden)
      .options('/.well-known/oauth-protected-resource', oauthPreflight, hidden)
      .options('/.well-known/oauth-authorization-server', oauthPreflight, hidden)
      .options('/.well-known/openid-configuration', oauthPreflight, hidden)
      .options('/oauth/register', oauthPreflight, hidden)
      .options('/oauth/token', oauthPreflight, hidden)
      .options('/oauth/revoke', oauthPreflight, hidden)
      // RFC 9728 §3.1: the path of the resource after the well-known name; the root one too.
      .get(PRM_PATH, prm, hidden)
      .get('/.well-known/oauth-protected-resource', prm, hidden)
      // RFC 8414 §3, and the OpenID Connect Discovery path the MCP clients also try.
      .get('/.well-known/oauth-authorization-server', asm, hidden)
      .get('/.well-known/openid-configuration', asm, hidden)
      .post(
        '/oauth/register',
        async ({ request, server }) => {
          // Registration is open (MCP expects DCR without credentials): bounded per client address.
          const wait = registrations.take(ipOf(server, request) ?? 'unknown', Date.now(), rt.config.oauthRegisterLimitPerHour)
          if (wait > 0)
            return new Response(
              JSON.stringify({
                error: 'too_many_requests',
                error_description: `Too many client registrations from this address; try again in ${Math.ceil(wait / 60)} minute(s). A client registers once and reuses its client_id.`,
              }),
              { status: 429, headers: { ...JSON_HEADERS, 'retry-after': String(wait) } },
            )
          let body: unknown
          try {
            body = JSON.parse(await request.text())
          } catch {
            return json({ error: 'invalid_client_metadata', error_description: 'The body must be a JSON object (RFC 7591).' }, 400)
          }
          try {
            return json(registerClient(rt.db, body, Date.now()), 201)
          } catch (e) {
            if (e instanceof OAuthError) return oauthError(e)
            throw e
          }
        },
        { parse: 'none', ...hidden },
      )
      .get(
        '/oauth/authorize',
        async ({ request }) => {
          const q = new URL(request.url).searchParams
          const out = await startAuthorization(rt.db, { publicUrl: issuerOf(rt), allowCidrs: rt.config.webhookAllowCidrs, now: Date.now() }, q)
          if (out.kind === 'error_page') return errorPage(out.error)
          const location = out.kind === 'redirect' ? out.location : `${OAUTH_CONSENT_PATH}?request=${out.pendingId}`
          return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } })
        },
        hidden,
      )
      .post(
        '/oauth/decision',
        async ({ request, set, server }) => {
          const req = consoleRequest(rt, request, idOf(set.headers), ipOf(server, request))
          const form = new URLSearchParams(await request.text())
          if (!req.signedIn) return new Response(null, { status: 303, headers: { location: '/signin' } })
          if (!csrfOk(req, form)) return errorPage(new OAuthError('access_denied', 'The form expired or came from another site (CSRF check failed).'), 403)
          const { tenant, user, session, actor } = req.signedIn
          const location = decideAuthorization(
            // The console is the client app the person consents in (its operations' surface too).
            { tenant, db: rt.db, now: req.now, actor, surface: 'client' },
            form.get('request') ?? '',
            { userId: user.id, role: user.role, readOnly: session.readOnly || tenant.isDemo },
            form.get('decision') === 'allow',
            issuerOf(rt),
          )
          if (!location) return errorPage(new OAuthError('invalid_request', 'This sign-in request has expired or was already answered.'))
          // htmx (the console boosts its forms) navigates the whole window there itself.
          if (req.htmx) return new Response(null, { status: 200, headers: { 'hx-redirect': location, 'cache-control': 'no-store' } })
          return backToClient(location)
        },
        { parse: 'none', ...hidden },
      )
      .post(
        '/oauth/token',
        async ({ request }) => {
          try {
            const form = await readForm(request)
            const env = { publicUrl: issuerOf(rt), now: Date.now() }
            const grantType = form.get('grant_type')
            if (grantType === 'authorization_code') return json(exchangeCode(rt.db, form, env))
            if (grantType === 'refresh_token') return json(refreshTokens(rt.db, form, env))
            if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required.')
            throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported: use authorization_code or refresh_token.`)
          } catch (e) {
            if (e instanceof OAuthError) return oauthError(e)
            if (e instanceof SyntaxError) return oauthError(new OAuthError('invalid_request', 'The body is not valid.'))
            throw e
          }
        },
        { parse: 'none', ...hidden },
      )
      .post(
        '/oauth/revoke',
        async ({ request }) => {
          try {
            revokeToken(rt.db, await readForm(request), Date.now())
            return json({})
          } catch (e) {
            if (e instanceof OAuthError) return oauthError(e)
            throw e
          }
        },
        { parse: 'none', ...hidden },
      )
  )
}
