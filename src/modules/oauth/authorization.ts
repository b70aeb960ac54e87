import { randomBytes } from 'node:crypto'
import type { Role } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { inTransaction } from '../../kernel/db'
import { randomBase62 } from '../../kernel/ids'
import { resolveClient, redirectMatches, type OAuthClient } from './clients'
import { insertGrant, insertToken } from './queries'
import type { AuditScope } from '../audit/audit-queries'
import { CODE_PREFIX, CODE_TTL_MS, isValidChallenge, newToken, OAuthError, PENDING_TTL_MS, sha256Hex } from './tokens'

/** The scopes this server grants. One for now: act as the signed-in person on the MCP server. */
export const SCOPES = ['mcp'] as const
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  mcp: 'Use the workforce MCP tools as you, with your role and what it lets you see and do.',
}

/** An authorization request that passed the checks and waits for the person's consent. */
export interface PendingAuthorization {
  id: string
  client: OAuthClient
  redirectUri: string
  state: string | null
  codeChallenge: string
  scope: string
  resource: string
  expiresAt: number
}

/** Pending requests live in memory: one server serves a data directory, and 10 minutes is their life. */
const pending = new Map<string, PendingAuthorization>()

function sweep(now: number): void {
  for (const [id, p] of pending) if (p.expiresAt <= now) pending.delete(id)
}

export const findPending = (id: string, now: number): PendingAuthorization | null => {
  const p = pending.get(id)
  return p && p.expiresAt > now ? p : null
}

/** Where the browser goes back to the client: the redirect URI with the answer's parameters and the issuer (RFC 9207). */
export function redirectWith(redirectUri: string, params: Record<string, string | null>, issuer: string): string {
  const u = new URL(redirectUri)
  for (const [k, v] of Object.entries(params)) if (v !== null) u.searchParams.set(k, v)
  u.searchParams.set('iss', issuer)
  return u.toString()
}

export type AuthorizeOutcome =
  /** Nothing may be sent to the redirect URI (unknown client, bad redirect URI): the browser is told. */
  | { kind: 'error_page'; error: OAuthError }
  /** Refused, told to the client at its redirect URI. */
  | { kind: 'redirect'; location: string }
  /** Valid: the person signs in (if needed) and consents on the console page. */
  | { kind: 'consent'; pendingId: string }

/** The canonical resource URI of this server's MCP endpoint (RFC 8707, RFC 9728 "resource"). */
export const mcpResource = (publicUrl: string): string => `${publicUrl.replace(/\/+$/, '')}/api/mcp/v1`

/** Whether a requested resource names this MCP server (a trailing slash is forgiven). */
export const isOurResource = (requested: string, publicUrl: string): boolean => requested.replace(/\/+$/, '') === mcpResource(publicUrl)

/**
 * The authorization endpoint's checks (OAuth 2.1 §4.1.1, RFC 7636, RFC 8707), in the order that
 * decides where an error may be sent: client and redirect URI first (errors shown to the person),
 * then everything else (errors sent to the client's redirect URI with its state).
 */
export async function startAuthorization(
  db: DbLike,
  env: { publicUrl: string; allowCidrs: readonly string[]; now: number },
  q: URLSearchParams,
): Promise<AuthorizeOutcome> {
  sweep(env.now)
  const issuer = env.publicUrl.replace(/\/+$/, '')
  const clientId = q.get('client_id')
  if (!clientId) return { kind: 'error_page', error: new OAuthError('invalid_request', 'client_id is required.') }
  let client: OAuthClient | null
  try {
    client = await resolveClient(db, clientId, env.allowCidrs, env.now)
  } catch (e) {
    if (e instanceof OAuthError) return { kind: 'error_page', error: e }
    throw e
  }
  if (!client) return { kind: 'error_page', error: new OAuthError('invalid_client', `client_id: no client ${clientId} is registered here. Register it again.`) }
  let redirectUri = q.get('redirect_uri')
  if (!redirectUri) {
    if (client.redirectUris.length !== 1)
      return { kind: 'error_page', error: new OAuthError('invalid_request', 'redirect_uri is required: the client registered several.') }
    redirectUri = client.redirectUris[0]!
  }
  if (!redirectMatches(client.redirectUris, redirectUri))
    return { kind: 'error_page', error: new OAuthError('invalid_request', `redirect_uri: ${redirectUri} is not one the client registered.`) }
  const state = q.get('state')
  const refuse = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    location: redirectWith(redirectUri, { error, error_description: description, state }, issuer),
  })
  if (q.get('response_type') !== 'code') return refuse('unsupported_response_type', 'response_type must be code.')
  const challenge = q.get('code_challenge')
  if (!challenge) return refuse('invalid_request', 'code_challenge is required (PKCE).')
  if (q.get('code_challenge_method') !== 'S256') return refuse('invalid_request', 'code_challenge_method must be S256.')
  if (!isValidChallenge(challenge)) return refuse('invalid_request', 'code_challenge: 43 base64url characters (S256).')
  const resources = q.getAll('resource')
  if (resources.length > 1) return refuse('invalid_target', 'resource: name one resource.')
  const resource = resources[0] ?? mcpResource(env.publicUrl)
  if (!isOurResource(resource, env.publicUrl)) return refuse('invalid_target', `resource: this server issues tokens only for ${mcpResource(env.publicUrl)}.`)
  const scopes = (q.get('scope') ?? SCOPES.join(' ')).split(' ').filter(Boolean)
  const unknown = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s))
  if (unknown.length > 0) return refuse('invalid_scope', `scope: unknown ${unknown.join(', ')}; this server offers ${SCOPES.join(', ')}.`)
  const id = randomBytes(24).toString('base64url')
  pending.set(id, {
    id,
    client,
    redirectUri,
    state,
    codeChallenge: challenge,
    scope: scopes.length > 0 ? scopes.join(' ') : SCOPES.join(' '),
    resource: mcpResource(env.publicUrl),
    expiresAt: env.now + PENDING_TTL_MS,
  })
  return { kind: 'consent', pendingId: id }
}

/** The signed-in person who decides, as the console session knows them. */
export interface Consenter {
  userId: string
  role: Role
  readOnly: boolean
}

/**
 * The person's answer. Allowed: a grant (the family of every token that follows) and a one-minute
 * code bound to the client, the redirect URI, the PKCE challenge and the resource. Either way the
 * pending request is used up, and the browser goes back to the client.
 */
export function decideAuthorization(c: AuditScope, pendingId: string, who: Consenter, allow: boolean, publicUrl: string): string | null {
  const p = findPending(pendingId, c.now)
  if (!p) return null
  pending.delete(pendingId)
  const issuer = publicUrl.replace(/\/+$/, '')
  if (!allow) return redirectWith(p.redirectUri, { error: 'access_denied', error_description: 'The person declined.', state: p.state }, issuer)
  const code = newToken(CODE_PREFIX)
  inTransaction(c, (tc) => {
    const grant = insertGrant(tc, {
      id: `oag_${randomBase62(20)}`,
      userId: who.userId,
      clientId: p.client.clientId,
      clientName: p.client.name,
      scope: p.scope,
      resource: p.resource,
      readOnly: who.readOnly,
    })
    insertToken(tc, {
      id: `oat_${randomBase62(20)}`,
      grantId: grant.id,
      kind: 'code',
      tokenHash: sha256Hex(code),
      expiresAt: tc.now + CODE_TTL_MS,
      redirectUri: p.redirectUri,
      codeChallenge: p.codeChallenge,
    })
  })
  return redirectWith(p.redirectUri, { code, state: p.state }, issuer)
}
