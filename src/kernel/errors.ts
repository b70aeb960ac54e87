/**
 * The one error type of the domain. Codes are a public, stable contract (DECISIONS.md):
 * REST maps them to HTTP statuses through `codeToStatus`, MCP returns them as tool results.
 */
export const ERROR_CODES = [
  'unauthorized',
  'forbidden',
  'plan_not_entitled',
  'demo_mode_read_only',
  'user_scoped_key_required',
  'already_clocked_in',
  'not_clocked_in',
  'outside_geofence',
  'invalid_argument',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'internal_error',
  'host_not_allowed',
  'origin_not_allowed',
  'uri_too_long',
  'headers_too_large',
  'storage_unavailable',
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]

/** HTTP status per error code: the single table REST uses (the unkey pattern). */
export const codeToStatus: Record<ErrorCode, number> = {
  unauthorized: 401,
  forbidden: 403,
  plan_not_entitled: 403,
  demo_mode_read_only: 403,
  user_scoped_key_required: 403,
  already_clocked_in: 409,
  not_clocked_in: 409,
  outside_geofence: 422,
  invalid_argument: 400,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  payload_too_large: 413,
  internal_error: 500,
  host_not_allowed: 403,
  origin_not_allowed: 403,
  uri_too_long: 414,
  headers_too_large: 431,
  storage_unavailable: 503,
}

/** What each code means, for the docs and the data dictionary. */
export const codeDescriptions: Record<ErrorCode, string> = {
  unauthorized: 'No key was sent, or the key is unknown, revoked or expired.',
  forbidden: "The caller's role or token scope does not allow this action.",
  plan_not_entitled: "The tenant's plan does not include this interface or feature.",
  demo_mode_read_only: 'Demo keys and demo tenants are read-only; writes need a production key.',
  user_scoped_key_required: 'This action acts for one person and needs a key bound to a user.',
  already_clocked_in: 'The user already has an open time log.',
  not_clocked_in: 'The user has no open time log to close.',
  outside_geofence: "The coordinates are outside every office geofence and the tenant's policy enforces it.",
  invalid_argument: 'An argument is missing, malformed or out of range; details name the field.',
  not_found: 'No such record in this tenant (records of other tenants are never revealed).',
  conflict: 'The record is not in a state that allows this transition.',
  rate_limited: 'Too many requests for this key in the current window; see Retry-After.',
  payload_too_large: 'The request body exceeds the documented size cap.',
  internal_error: 'Something failed on the server; the request id in the logs tells operators what.',
  host_not_allowed: 'The Host header names a host this server does not answer to (DNS rebinding guard); see WORKFORCE_ALLOWED_HOSTS.',
  origin_not_allowed: 'The browser Origin is not this server nor one listed in WORKFORCE_ALLOWED_HOSTS or WORKFORCE_ALLOWED_ORIGINS.',
  uri_too_long: 'The request URL (path and query) exceeds the documented length cap.',
  headers_too_large: 'The request headers exceed the documented size cap.',
  storage_unavailable: 'The server could not write to its database (disk full or I/O error); nothing was saved, retry after Retry-After.',
}

export class DomainError extends Error {
  readonly code: ErrorCode
  readonly details: unknown

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message)
    this.name = 'DomainError'
    this.code = code
    this.details = details
  }

  get status(): number {
    return codeToStatus[this.code]
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError

export const notFound = (entity: string): DomainError => new DomainError('not_found', `${entity} not found.`)

/** SQLite result codes that mean the storage under the database failed, not the request. */
const STORAGE_CODES = /^SQLITE_(FULL|IOERR|READONLY)/

/**
 * The SQLite error behind `e` (drizzle wraps it in `cause`) when it says the disk is full, an I/O
 * error or a database that became read-only: the write did not happen, the request may be retried.
 */
export function storageFailure(e: unknown): { code: string; message: string } | null {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 5; cur = (cur as { cause?: unknown }).cause, depth++) {
    const code = (cur as { code?: unknown }).code
    if (typeof code === 'string' && STORAGE_CODES.test(code)) return { code, message: String((cur as { message?: unknown }).message ?? code) }
  }
  return null
}

/** What a request whose write failed for its storage answers, on every surface: nothing was saved, retry later. */
export const storageUnavailable = (failure: { code: string }): DomainError =>
  new DomainError('storage_unavailable', `The server could not write to its storage (${failure.code}); nothing was saved. Retry later.`, {
    sqlite_code: failure.code,
  })
