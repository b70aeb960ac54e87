import type { Ctx, KeyKind, Surface } from '../kernel/ctx'
import { turnSnapshotMark } from '../kernel/turn-snapshot'
import { createKeyAuthenticator, invalidToken } from '../modules/api-keys/authenticate'
import { authenticateAccessToken, isOAuthAccessToken } from '../modules/oauth/authenticate'
import type { Runtime } from '../runtime'

/** One key authenticator (with its memory of verified keys) per runtime. */
const authenticators = new WeakMap<Runtime, ReturnType<typeof createKeyAuthenticator>>()

function authenticatorOf(rt: Runtime) {
  let auth = authenticators.get(rt)
  if (!auth) authenticators.set(rt, (auth = createKeyAuthenticator(rt.db)))
  return auth
}

/** The bearer key of a request, or null when none was sent. */
export function bearerKey(authorization: string | null | undefined): string | null {
  if (!authorization) return null
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  return m ? m[1]! : authorization.trim() || null
}

/**
 * Builds the request context from the Authorization header: the one place HTTP surfaces turn a
 * key into tenant and actor. No key gives the anonymous actor (operations then refuse with
 * unauthorized); a bad key throws 401 invalid_token.
 */
export function requestCtx(
  rt: Runtime,
  input: { authorization: string | null | undefined; requestId: string; surface: Surface; accepted: readonly KeyKind[]; now?: number },
): Ctx {
  const now = input.now ?? Date.now()
  const key = bearerKey(input.authorization)
  // Taken first: whatever authentication reads comes after it.
  const readMark = turnSnapshotMark(rt.handle.sqlite)
  const { tenant, actor } = key ? authenticated(rt, key, now, input) : ANONYMOUS
  // One object literal (a spread of a shared base would copy every field).
  return { tenant, actor, db: rt.db, now, readMark, requestId: input.requestId, surface: input.surface, config: rt.config, log: rt.log, secrets: rt.secrets }
}

const ANONYMOUS: Pick<Ctx, 'tenant' | 'actor'> = { tenant: null, actor: { kind: 'anonymous', userId: null } }

/** The tenant and actor of a bearer key or OAuth access token; throws 401 invalid_token for a bad one. */
function authenticated(rt: Runtime, key: string, now: number, input: { surface: Surface; accepted: readonly KeyKind[] }): Pick<Ctx, 'tenant' | 'actor'> {
  // OAuth access tokens are issued for the MCP endpoint only (RFC 8707 resource): refused elsewhere.
  if (isOAuthAccessToken(key) && input.surface !== 'mcp') throw invalidToken('OAuth access tokens work only on the MCP endpoint (/api/mcp/v1).')
  return isOAuthAccessToken(key) ? authenticateAccessToken(rt.db, key, now) : authenticatorOf(rt)(key, now, input.accepted)
}
