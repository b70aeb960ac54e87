import { ValidationError } from 'elysia'
import { DomainError, codeToStatus, storageFailure, storageUnavailable, type ErrorCode } from '../kernel/errors'
import type { Logger } from '../kernel/log'

export interface RestErrorBody {
  /** `details` is always present: an object with the structured facts, or null when there are none. */
  error: { code: ErrorCode; message: string; details: Record<string, unknown> | null }
}

/** Details as the envelope carries them: an object, or null (a scalar is wrapped as { value }). */
function detailsOf(details: unknown): Record<string, unknown> | null {
  if (details === undefined || details === null) return null
  if (typeof details === 'object' && !Array.isArray(details)) return details as Record<string, unknown>
  return { value: details }
}

interface FieldError {
  field: string
  message: string
}

function fieldErrors(error: ValidationError): FieldError[] {
  return error.all.map((e) => ({
    field: ('path' in e && e.path ? String(e.path).replace(/^\//, '').replaceAll('/', '.') : '') || 'body',
    message: e.message ?? 'is invalid',
  }))
}

/**
 * Maps anything thrown while serving a request to the one error envelope. Unexpected errors are
 * logged with the request id and answered as internal_error: never a stack trace or SQL.
 */
export function toRestError(error: unknown, code: string | number, log: Logger, requestId: string): { status: number; body: RestErrorBody } {
  if (error instanceof DomainError) {
    const details = error.details && typeof error.details === 'object' && 'invalid_token' in error.details ? null : detailsOf(error.details)
    return { status: error.status, body: { error: { code: error.code, message: error.message, details } } }
  }
  // A response that fails its own schema is our bug, not the caller's: log it, answer 500.
  if (error instanceof ValidationError && error.type === 'response') {
    log.error('response failed its schema', { requestId, error: error.message.slice(0, 2000) })
    return {
      status: codeToStatus.internal_error,
      body: { error: { code: 'internal_error', message: `Something went wrong on the server (request ${requestId}).`, details: null } },
    }
  }
  if (error instanceof ValidationError || code === 'VALIDATION') {
    const errors = error instanceof ValidationError ? fieldErrors(error) : []
    const first = errors[0]
    const where = error instanceof ValidationError ? error.type : 'request'
    const message = first ? `Invalid ${where}: ${first.field} ${first.message}` : `Invalid ${where}.`
    return { status: 400, body: { error: { code: 'invalid_argument', message, details: { location: where, errors } } } }
  }
  if (code === 'PARSE') {
    return { status: 400, body: { error: { code: 'invalid_argument', message: 'The request body is not valid JSON.', details: null } } }
  }
  if (code === 'NOT_FOUND') {
    return { status: 404, body: { error: { code: 'not_found', message: 'No such endpoint.', details: null } } }
  }
  // A full disk or an I/O error under the database: the write did not happen (SQLite rolled it
  // back), nothing acknowledged is lost, and the client may retry once there is room again.
  const storage = storageFailure(error)
  if (storage) {
    log.error('storage failure', { requestId, code: storage.code, error: storage.message })
    return toRestError(storageUnavailable(storage), code, log, requestId)
  }
  log.error('unhandled error', { requestId, error: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  return {
    status: codeToStatus.internal_error,
    body: { error: { code: 'internal_error', message: `Something went wrong on the server (request ${requestId}).`, details: null } },
  }
}
