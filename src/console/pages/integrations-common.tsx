/** @jsxImportSource @kitajs/html */
import type { Static, TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { DomainError } from '../../kernel/errors'
import type { Access } from '../../kernel/access'
import { invoke, type Operation } from '../../kernel/operation'
import type { Flash } from '../pages'
import type { SignedInRequest } from '../request'
import { refusal } from '../flash'

/**
 * Shared bits of the admin integration pages (keys, webhooks, audit, jobs, billing).
 *
 * `invoke` does not validate input (the REST and MCP surfaces do, from the schema); a console form
 * is checked here against the operation's own input schema, so a bad field is refused with a
 * field-named message and nothing is written.
 */
export function checkedInput<I extends TSchema>(schema: I, input: unknown): Static<I> {
  const first = Value.Errors(schema, input).First()
  if (first) {
    const field = first.path.replace(/^\//, '').replace(/\//g, '.') || 'input'
    throw new DomainError('invalid_argument', `${field}: ${first.message}`, { field })
  }
  return input as Static<I>
}

/** Invokes `op` with a form's input checked against its schema. */
export const invokeChecked = <I extends TSchema, O extends TSchema, A extends Access>(op: Operation<I, O, A>, req: SignedInRequest, input: unknown) =>
  invoke(op, req.ctx, checkedInput(op.input, input))

/** A flash that also carries a secret to show once (a new key, a new signing secret). */
export interface SecretFlash extends Flash {
  secret?: { label: string; value: string; note: string }
}

/** Runs an action, turning an operation's refusal into an error flash. */
export async function attempt(fn: () => Promise<SecretFlash>): Promise<SecretFlash> {
  try {
    return await fn()
  } catch (err) {
    return refusal(err)
  }
}

/** The one-time secret of an action's flash, in a box the reader can copy; nothing when there is none. */
export function OneTimeSecret(props: { flash: Flash | null }): JSX.Element {
  const secret = (props.flash as SecretFlash | null)?.secret
  if (!secret) return ''
  return (
    <section class="card" aria-labelledby="secret-h">
      <h2 id="secret-h" safe>
        {secret.label}
      </h2>
      <p safe>{`Copy it now: it is shown only this once. ${secret.note}`}</p>
      <code class="key" data-secret safe>
        {secret.value}
      </code>
    </section>
  )
}

/** Form values: a trimmed text, or undefined when empty. */
export const field = (form: URLSearchParams, name: string): string | undefined => {
  const v = form.get(name)?.trim()
  return v ? v : undefined
}
