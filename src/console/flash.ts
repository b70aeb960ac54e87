import type { Static, TSchema } from '@sinclair/typebox'
import type { Access } from '../kernel/access'
import { DomainError } from '../kernel/errors'
import { invoke, type Operation } from '../kernel/operation'
import type { Flash } from './pages'
import type { SignedInRequest } from './request'

/** A refusal of an operation, as the person reads it (the operation's own message); anything else is a bug and propagates. */
export const refusal = (err: unknown): Flash => {
  if (err instanceof DomainError) return { kind: 'error', text: err.message, status: err.status }
  throw err
}

/**
 * Runs one operation for a console action: its answer becomes the `ok` flash `okText` writes,
 * its refusal the error flash. For actions without a form to keep (admin forms use submitForm).
 */
export async function flashOf<I extends TSchema, O extends TSchema, A extends Access>(
  op: Operation<I, O, A>,
  req: SignedInRequest,
  input: Static<I>,
  okText: (out: Static<O>) => string,
): Promise<Flash> {
  try {
    return { kind: 'ok', text: okText(await invoke(op, req.ctx, input)) }
  } catch (err) {
    return refusal(err)
  }
}
