import { createHash, randomBytes } from 'node:crypto'
import { MINUTE } from '../../kernel/time'

/** Access tokens live one hour; the client refreshes them. */
export const ACCESS_TOKEN_TTL_MS = 60 * MINUTE
/** A refresh token works for 30 days, once (each use returns a new one). */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * MINUTE
/** An authorization code must be exchanged within a minute. */
export const CODE_TTL_MS = MINUTE
/** A pending authorization request waits 10 minutes for the person to sign in and consent. */
export const PENDING_TTL_MS = 10 * MINUTE

/** Token prefixes: readable in logs and configuration, and never confused with keys. */
export const ACCESS_PREFIX = 'wf_oat_'
export const REFRESH_PREFIX = 'wf_ort_'
export const CODE_PREFIX = 'wf_oac_'

export const sha256Hex = (s: string): string => createHash('sha256').update(s).digest('hex')

/** A new token with its prefix: 256 random bits, base64url. */
export const newToken = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`

/** PKCE S256 (RFC 7636 §4.2): BASE64URL(SHA256(ASCII(code_verifier))). */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url')

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
export const isValidVerifier = (v: string): boolean => /^[A-Za-z0-9\-._~]{43,128}$/.test(v)
/** An S256 challenge is 43 base64url characters. */
export const isValidChallenge = (v: string): boolean => /^[A-Za-z0-9\-_]{43}$/.test(v)

/**
 * An OAuth protocol error (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 8707 §2): the `error` code of the
 * RFC and a description for the developer. The OAuth endpoints answer it as
 * `{"error","error_description"}`, not in the product's envelope, because clients parse that shape.
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError'
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description)
  }
}
