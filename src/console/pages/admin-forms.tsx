/** @jsxImportSource @kitajs/html */
import type { TObject, TSchema } from '@sinclair/typebox'
import { DomainError } from '../../kernel/errors'
import { inputErrors } from '../../surfaces/rest-validation'
import { CsrfField, e } from '../layout'
import type { Flash } from '../pages'
import type { SignedInRequest } from '../request'

/**
 * Admin forms of the console (people, teams, settings): a form's strings become an operation's
 * typed input, checked against the operation's own input schema, and every bad field is shown
 * next to its field (not only in the page's alert). The state of one post (its errors and the
 * values typed) is kept per request, so the page that renders after the action can show them.
 */
export interface FormState {
  /** Which form the errors belong to (a page has several). */
  form: string
  errors: Record<string, string>
  values: Record<string, string>
  /** Every field typed, repeated ones (checkboxes) included. */
  entries: [string, string][]
}

const states = new WeakMap<Request, FormState>()

/** Keeps a form's typed values and errors for the page rendered after the action. */
export function keepFormState(req: SignedInRequest, form: string, data: URLSearchParams, errors: Record<string, string>): void {
  const entries = [...data.entries()].filter(([k]) => !k.startsWith('_'))
  states.set(req.request, { form, errors, values: Object.fromEntries(entries), entries })
}

export const formStateOf = (req: SignedInRequest, form: string): FormState | null => {
  const s = states.get(req.request)
  return s && s.form === form ? s : null
}

interface SchemaLike {
  [keyword: string]: unknown
  type?: string
  anyOf?: SchemaLike[]
  items?: SchemaLike
  properties?: Record<string, SchemaLike>
}

/** The schema without its `null` alternative, and whether null is allowed. */
function unwrap(schema: SchemaLike): { inner: SchemaLike; nullable: boolean } {
  if (schema.anyOf) {
    const rest = schema.anyOf.filter((s) => s.type !== 'null')
    const nullable = rest.length < schema.anyOf.length
    if (rest.length === 1) return { inner: rest[0]!, nullable }
    // Elysia's t.Integer/t.Numeric: a number, or a string of one (format integer/numeric): a number.
    const num = rest.find((s) => s.type === 'integer' || s.type === 'number')
    if (num && rest.every((s) => s === num || (s.type === 'string' && (s.format === 'integer' || s.format === 'numeric')))) return { inner: num, nullable }
    return { inner: { type: rest.every((s) => s.type === 'string' || (s as { const?: unknown }).const !== undefined) ? 'string' : 'mixed' }, nullable }
  }
  return { inner: schema, nullable: false }
}

/**
 * The input of an operation from a form: only the `fields` named, converted to the schema's
 * types (numbers, booleans, arrays from repeated fields). An empty field is left out, or, listed
 * in `clear`, sent as null (the operation's "remove this value").
 */
export function formInput(
  schema: TObject,
  form: URLSearchParams,
  fields: string[],
  opts: { clear?: string[]; arrays?: string[]; omitEmpty?: string[] } = {},
): Record<string, unknown> {
  const props: Record<string, SchemaLike> = schema.properties
  const out: Record<string, unknown> = {}
  for (const name of fields) {
    const prop = props[name]
    if (!prop) continue
    const { inner, nullable } = unwrap(prop)
    if (inner.type === 'array' || opts.arrays?.includes(name)) {
      const item = inner.items ? unwrap(inner.items).inner : undefined
      const numeric = item?.type === 'integer' || item?.type === 'number'
      const values = form.getAll(name).filter((v) => v !== '')
      if (values.length === 0 && opts.omitEmpty?.includes(name)) continue
      out[name] = numeric ? values.map((v) => (Number.isFinite(Number(v)) ? Number(v) : v)) : values
      continue
    }
    const raw = form.get(name)
    if (raw === null || raw.trim() === '') {
      if (nullable && opts.clear?.includes(name)) out[name] = null
      continue
    }
    const v = raw.trim()
    if (inner.type === 'number' || inner.type === 'integer') {
      const n = Number(v.replace(',', '.'))
      out[name] = Number.isFinite(n) ? n : v
    } else if (inner.type === 'boolean') out[name] = v === 'on' || v === 'true'
    else out[name] = v
  }
  return out
}

/** Field-named errors of an input against the operation's schema (the same messages as REST). */
export function schemaErrors(schema: TObject, input: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const e of inputErrors(schema, input, 'body', 'strip')) out[e.field] ??= e.message
  return out
}

/** The field errors a refusal names (details.errors [{ field, message }]), if any. */
export function refusalFields(err: DomainError): Record<string, string> {
  const out: Record<string, string> = {}
  const details = err.details as { field?: unknown; errors?: unknown } | undefined
  if (Array.isArray(details?.errors)) {
    for (const x of details.errors as { field?: unknown; message?: unknown }[]) {
      if (typeof x.field === 'string') out[x.field] ??= String(x.message ?? '')
    }
  } else if (typeof details?.field === 'string') out[details.field] = err.message
  return out
}

/**
 * Runs one admin form: converts and checks the input, invokes, and on a refusal keeps the field
 * errors and the typed values for the page. Returns the flash the page shows.
 */
export async function submitForm<T>(
  req: SignedInRequest,
  formName: string,
  form: URLSearchParams,
  schema: TSchema,
  input: Record<string, unknown>,
  run: (input: never) => Promise<T>,
  ok: (out: T) => string,
): Promise<Flash> {
  const bad = schemaErrors(schema as TObject, input)
  if (Object.keys(bad).length > 0) {
    keepFormState(req, formName, form, bad)
    const list = Object.entries(bad).map(([f, m]) => `${f} ${m}`)
    return { kind: 'error', text: `Nothing was saved. Check ${list.join('; ')}.`, status: 400 }
  }
  try {
    const out = await run(input as never)
    return { kind: 'ok', text: ok(out) }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    const fields = refusalFields(err)
    keepFormState(req, formName, form, fields)
    return { kind: 'error', text: Object.keys(fields).length > 0 ? `Nothing was saved. ${err.message}` : err.message, status: err.status }
  }
}

/** A hidden CSRF token and action name: the first children of every admin form. */
export const FormHead = (props: { req: SignedInRequest; action: string }): JSX.Element => (
  <>
    <CsrfField token={props.req.signedIn.session.csrfToken} />
    <input type="hidden" name="_action" value={props.action} />
  </>
)

/**
 * A labelled field with its error next to it (aria-invalid, aria-describedby): `value` is the
 * current value, replaced by what was typed when the last post of this form was refused.
 */
export function Field(props: {
  state: FormState | null
  id: string
  name: string
  label: string
  value?: string | number | null
  type?: string
  hint?: string
  required?: boolean
  options?: readonly (string | [string, string])[]
  placeholder?: string
}): JSX.Element {
  const { state, id, name } = props
  const error = state?.errors[name]
  const value = state ? (state.values[name] ?? '') : props.value === null || props.value === undefined ? '' : String(props.value)
  const describedBy = [props.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div class={error ? 'field invalid' : 'field'}>
      <label for={id} safe>
        {props.label}
      </label>
      {props.options ? (
        <select id={id} name={name} aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy}>
          {props.options.map((o) => {
            const [v, l] = typeof o === 'string' ? [o, o === '' ? '—' : o] : o
            return (
              <option value={v} selected={v === value}>
                {e(l)}
              </option>
            )
          })}
        </select>
      ) : (
        <input
          id={id}
          name={name}
          type={props.type ?? 'text'}
          value={value}
          required={props.required}
          placeholder={props.placeholder}
          step={props.type === 'number' ? 'any' : undefined}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy}
        />
      )}
      {props.hint ? (
        <p class="hint" id={`${id}-hint`} safe>
          {props.hint}
        </p>
      ) : (
        ''
      )}
      {error ? (
        <p class="field-error" id={`${id}-error`} data-field={name} safe>
          {`${name}: ${error}`}
        </p>
      ) : (
        ''
      )}
    </div>
  )
}

export const ROLE_OPTIONS: [string, string][] = [
  ['employee', 'Employee'],
  ['manager', 'Manager'],
  ['admin', 'Admin'],
  ['owner_admin', 'OwnerAdmin'],
]

const results = new WeakMap<Request, { key: string; value: unknown }>()

/** Keeps what an action computed (a preview) for the page rendered after it. */
export const keepResult = (req: SignedInRequest, key: string, value: unknown): void => {
  results.set(req.request, { key, value })
}

export const resultOf = <T,>(req: SignedInRequest, key: string): T | null => {
  const r = results.get(req.request)
  return r && r.key === key ? (r.value as T) : null
}
