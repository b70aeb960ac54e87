import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { DbLike } from '../../kernel/db'
import { randomBase62 } from '../../kernel/ids'
import { allowList, bareHost, checkAddresses, checkUrlShape, resolveHost, UrlRefused } from '../webhooks/url-guard'
import { findClientById, insertClient } from './queries'
import { OAuthError } from './tokens'

/** What the authorization endpoint and the consent page need to know of a client. */
export interface OAuthClient {
  clientId: string
  name: string
  uri: string | null
  redirectUris: string[]
  /** How it is known: registered here (RFC 7591) or described by its own URL (Client ID Metadata Document). */
  source: 'registered' | 'metadata_document'
}

const MAX_REDIRECT_URIS = 10
const MAX_NAME = 200
/** Largest Client ID Metadata Document read. */
const MAX_METADATA_BYTES = 16 * 1024
const METADATA_TIMEOUT_MS = 5000
/** A fetched document is kept for its Cache-Control max-age, within these bounds. */
export const METADATA_CACHE_MIN_MS = 5 * 60_000
export const METADATA_CACHE_MAX_MS = 24 * 60 * 60_000
/** Documents kept at most (the oldest goes first). */
const METADATA_CACHE_ENTRIES = 1000

/** How long a document may be reused: its max-age (s-maxage ignored) within the bounds; no or bad header: the minimum. */
export function metadataLifetimeMs(cacheControl: string | null): number {
  const m = /(?:^|[,\s])max-age\s*=\s*"?(\d{1,10})"?/i.exec(cacheControl ?? '')
  const ms = m ? Number(m[1]) * 1000 : 0
  return Math.min(METADATA_CACHE_MAX_MS, Math.max(METADATA_CACHE_MIN_MS, ms))
}

/** Fetched Client ID Metadata Documents by URL, until they expire (in memory: one server per data directory). */
const documentCache = new Map<string, { client: OAuthClient; until: number }>()

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost'])

/** A loopback redirect (RFC 8252 §7.3): http on 127.0.0.1, [::1] or localhost. */
const isLoopback = (u: URL): boolean => u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname)

/**
 * A redirect URI a client may register: https, or http on a loopback address (native apps and CLI
 * tools listen there); absolute, no fragment, no credentials.
 */
export function checkRedirectUri(raw: unknown, field = 'redirect_uris'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) throw new OAuthError('invalid_redirect_uri', `${field}: each must be a URL string.`)
  let u: URL
  try {
    u = new URL(raw)
  } catch {
    throw new OAuthError('invalid_redirect_uri', `${field}: ${raw} is not an absolute URL.`)
  }
  if (u.hash || raw.includes('#')) throw new OAuthError('invalid_redirect_uri', `${field}: ${raw} must not have a fragment.`)
  if (u.username || u.password) throw new OAuthError('invalid_redirect_uri', `${field}: ${raw} must not carry credentials.`)
  if (u.protocol !== 'https:' && !isLoopback(u))
    throw new OAuthError('invalid_redirect_uri', `${field}: ${raw} must use https, or http on a loopback address (127.0.0.1, [::1], localhost).`)
  return raw
}

/**
 * Whether a redirect_uri of an authorization request matches a registered one: exactly, except the
 * port of a loopback URI, which may be any (RFC 8252 §7.3: the app picks a free port each time).
 */
export function redirectMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true
  let r: URL
  try {
    r = new URL(requested)
  } catch {
    return false
  }
  if (!isLoopback(r)) return false
  return registered.some((reg) => {
    const g = new URL(reg)
    return isLoopback(g) && g.hostname === r.hostname && g.pathname === r.pathname && g.search === r.search
  })
}

const str = (v: unknown, field: string, max: number): string | null => {
  if (v === undefined || v === null) return null
  if (typeof v !== 'string' || v.length > max) throw new OAuthError('invalid_client_metadata', `${field}: a string of at most ${max} characters.`)
  return v
}

/** The registration request's checks (RFC 7591 §2), shared by registration and metadata documents. */
function readMetadata(body: unknown, errorCode: string): { name: string | null; uri: string | null; redirectUris: string[] } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new OAuthError(errorCode, 'The client metadata must be a JSON object.')
  const m = body as Record<string, unknown>
  if (!Array.isArray(m.redirect_uris) || m.redirect_uris.length === 0)
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris: at least one redirect URI is required.')
  if (m.redirect_uris.length > MAX_REDIRECT_URIS) throw new OAuthError('invalid_redirect_uri', `redirect_uris: at most ${MAX_REDIRECT_URIS}.`)
  const redirectUris = m.redirect_uris.map((u) => checkRedirectUri(u))
  const grantTypes = m.grant_types ?? ['authorization_code', 'refresh_token']
  if (!Array.isArray(grantTypes) || grantTypes.some((g) => g !== 'authorization_code' && g !== 'refresh_token'))
    throw new OAuthError(errorCode, 'grant_types: only authorization_code and refresh_token are supported.')
  const responseTypes = m.response_types ?? ['code']
  if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== 'code')) throw new OAuthError(errorCode, 'response_types: only code is supported.')
  const uri = str(m.client_uri, 'client_uri', 2000)
  if (uri !== null && !/^https?:\/\//.test(uri)) throw new OAuthError(errorCode, 'client_uri: an http(s) URL.')
  return { name: str(m.client_name, 'client_name', MAX_NAME), uri, redirectUris }
}

/**
 * Dynamic Client Registration (RFC 7591). Every client is public (token_endpoint_auth_method
 * "none"): PKCE protects the code, and a secret in a desktop app or a browser is no secret. A
 * request for another method is answered with "none" (RFC 7591 §3.2.1 lets the server replace it).
 */
export function registerClient(db: DbLike, body: unknown, now: number): Record<string, unknown> {
  const meta = readMetadata(body, 'invalid_client_metadata')
  const id = `wfc_${randomBase62(24)}`
  const name = meta.name ?? new URL(meta.redirectUris[0]!).host
  insertClient(db, { id, name, clientUri: meta.uri, redirectUris: JSON.stringify(meta.redirectUris), createdAt: now })
  return {
    client_id: id,
    client_id_issued_at: Math.floor(now / 1000),
    client_name: name,
    ...(meta.uri ? { client_uri: meta.uri } : {}),
    redirect_uris: meta.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  }
}

/** A client_id that is a Client ID Metadata Document URL (https with a path). */
export const isMetadataDocumentId = (clientId: string): boolean => {
  if (!clientId.startsWith('https://')) return false
  try {
    const u = new URL(clientId)
    return u.pathname.length > 1 && !u.hash && !u.username && !u.password
  } catch {
    return false
  }
}

/**
 * Reads a Client ID Metadata Document (MCP 2025-11-25, draft-ietf-oauth-client-id-metadata-document):
 * the client_id is an https URL, fetched with the webhooks' address guard (no private, loopback or
 * link-local address unless the operator allow-listed its range), no redirects, at most 16 KiB and
 * 5 s. The document must name itself as client_id.
 */
async function fetchMetadataDocument(clientId: string, allowCidrs: readonly string[]): Promise<{ client: OAuthClient; lifetimeMs: number }> {
  let addresses: string[]
  try {
    const url = checkUrlShape(clientId)
    addresses = await resolveHost(bareHost(url))
    checkAddresses(bareHost(url), addresses, allowList(allowCidrs))
  } catch (e) {
    if (e instanceof UrlRefused) throw new OAuthError('invalid_client', `client_id: the metadata document URL is refused: ${e.message}`)
    throw e
  }
  let res: PinnedResponse
  try {
    res = await getPinned(new URL(clientId), addresses)
  } catch (e) {
    throw new OAuthError('invalid_client', `client_id: the metadata document could not be fetched (${e instanceof Error ? e.message : String(e)}).`)
  }
  if (res.status < 200 || res.status > 299) throw new OAuthError('invalid_client', `client_id: fetching the metadata document answered HTTP ${res.status}.`)
  if (res.tooLarge) throw new OAuthError('invalid_client', `client_id: the metadata document is larger than ${MAX_METADATA_BYTES} bytes.`)
  const text = res.text
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new OAuthError('invalid_client', 'client_id: the metadata document is not JSON.')
  }
  if ((body as { client_id?: unknown })?.client_id !== clientId)
    throw new OAuthError('invalid_client', 'client_id: the metadata document must contain client_id equal to its own URL.')
  const auth = (body as { token_endpoint_auth_method?: unknown }).token_endpoint_auth_method
  if (auth !== undefined && auth !== 'none')
    throw new OAuthError('invalid_client', 'client_id: only public clients (token_endpoint_auth_method "none") are supported.')
  const meta = readMetadata(body, 'invalid_client')
  return {
    client: { clientId, name: meta.name ?? new URL(clientId).host, uri: meta.uri, redirectUris: meta.redirectUris, source: 'metadata_document' },
    lifetimeMs: metadataLifetimeMs(res.cacheControl),
  }
}

interface PinnedResponse {
  status: number
  cacheControl: string | null
  text: string
  tooLarge: boolean
}

/**
 * GET over https connecting only to `addresses`, the ones the address guard just checked: the
 * socket's lookup returns them instead of asking DNS again, so an answer that changes between the
 * check and the connection (rebinding) cannot reach a refused range. TLS still verifies the
 * certificate against the URL's host name. No redirects (node:https follows none), at most
 * MAX_METADATA_BYTES read, METADATA_TIMEOUT_MS in all.
 */
function getPinned(url: URL, addresses: readonly string[]): Promise<PinnedResponse> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }))
    if (options?.all) callback(null, entries)
    else callback(null, entries[0]!.address, entries[0]!.family)
  }
  return new Promise((resolve, reject) => {
    let settled = false
    const settle = (fn: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      fn()
    }
    const req = https.request(url, { method: 'GET', headers: { accept: 'application/json' }, lookup: pinned }, (res) => {
      const chunks: Buffer[] = []
      let size = 0
      const cc = res.headers['cache-control']
      const answer = (tooLarge: boolean) =>
        settle(() =>
          resolve({ status: res.statusCode ?? 0, cacheControl: typeof cc === 'string' ? cc : null, text: Buffer.concat(chunks).toString('utf8'), tooLarge }),
        )
      res.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_METADATA_BYTES) {
          answer(true)
          req.destroy()
        } else chunks.push(chunk)
      })
      res.on('end', () => answer(false))
      res.on('error', (e) => settle(() => reject(e)))
    })
    const timer = setTimeout(() => {
      settle(() => reject(new Error(`no answer within ${METADATA_TIMEOUT_MS / 1000} s`)))
      req.destroy()
    }, METADATA_TIMEOUT_MS)
    req.on('error', (e) => settle(() => reject(e)))
    req.end()
  })
}

/**
 * The client a client_id names: a registered one, or a metadata document (fetched, or reused
 * while its Cache-Control lifetime lasts, METADATA_CACHE_MIN_MS to METADATA_CACHE_MAX_MS).
 */
export async function resolveClient(db: DbLike, clientId: string, allowCidrs: readonly string[], now = Date.now()): Promise<OAuthClient | null> {
  if (isMetadataDocumentId(clientId)) {
    const cached = documentCache.get(clientId)
    if (cached && cached.until > now) return cached.client
    documentCache.delete(clientId)
    const { client, lifetimeMs } = await fetchMetadataDocument(clientId, allowCidrs)
    if (documentCache.size >= METADATA_CACHE_ENTRIES) documentCache.delete(documentCache.keys().next().value!)
    documentCache.set(clientId, { client, until: now + lifetimeMs })
    return client
  }
  const row = findClientById(db, clientId)
  if (!row) return null
  return { clientId: row.id, name: row.name, uri: row.clientUri, redirectUris: JSON.parse(row.redirectUris) as string[], source: 'registered' }
}
