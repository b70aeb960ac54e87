import { ValidationError } from 'elysia'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import type { Ctx, TenantBoundCtx } from '../kernel/ctx'
import { invoke, type AnyOperation } from '../kernel/operation'
import type { RouteOptions } from '../kernel/route'
import type { Runtime } from '../runtime'
import { jsonAnswer, type SetHeaders } from './answer-body'
import { pureSchema } from './rest-validation'

/** Serialized answers kept at most, in bytes; the least recently used go first. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024

interface Entry {
  stamp: number
  freshUntil: number
  /**
   * The answer's UTF-8 bytes, encoded once: a Response made from a string encodes it again on every
   * answer, and a JSON text with one character past Latin-1 (a name like "Dvořák") is a two-byte
   * string whose encoding costs ~80 µs per 445 KB answer (the activity summary of 1,000 people).
   */
  body: Uint8Array
}

const utf8 = new TextEncoder()

/**
 * Everything `authorize` and the operation read besides the database and the clock: the tenant
 * and its plan, the caller's kind, role, scope and person, the surface and the input. An answer
 * is only ever served to a request that would have been authorized, and computed, the same way.
 */
function cacheKey(op: { name: string }, ctx: Ctx, input: Record<string, unknown>): string | null {
  const { tenant, actor } = ctx
  if (!tenant || actor.kind === 'anonymous' || actor.kind === 'system') return null
  const args = Object.keys(input)
    .sort()
    .map((k) => [k, input[k]])
  return JSON.stringify([
    op.name,
    ctx.surface,
    tenant.id,
    tenant.planId,
    tenant.restAccess,
    tenant.isDemo,
    actor.kind,
    actor.keyKind,
    actor.role,
    actor.scope,
    actor.userId,
    args,
  ])
}

/**
 * A REST handler for a read operation whose answer is worth keeping: repeated requests between
 * two changes of the database get the same serialized JSON without running the operation again.
 * `rt.changeStamp()` moves on every commit outside the counters connection (this process, a job,
 * the CLI), so an answer is never served after the data it was computed from changed; the clock
 * is bounded by `maxAgeMs`. A miss runs `invoke` (and so `authorize`), checks the result against
 * the operation's output schema (the check Elysia would make) and keeps the JSON text.
 */
export function cachedRead(rt: Runtime, op: AnyOperation, opts: NonNullable<RouteOptions['cache']>) {
  const output = pureSchema(op.output)
  const check = TypeCompiler.Compile(output)
  const entries = new Map<string, Entry>()
  let bytes = 0
  const forget = (key: string) => {
    const old = entries.get(key)
    if (old) bytes -= old.body.byteLength
    entries.delete(key)
  }
  return async ({ ctx, input, set }: { ctx: Ctx; input: Record<string, unknown>; set: { headers: SetHeaders } }): Promise<Response> => {
    const key = cacheKey(op, ctx, input)
    const stamp = rt.changeStamp()
    const hit = key ? entries.get(key) : undefined
    if (key && hit && hit.stamp === stamp && ctx.now < hit.freshUntil) {
      // Most recently used last: eviction takes the oldest first.
      entries.delete(key)
      entries.set(key, hit)
      return jsonAnswer(hit.body, set)
    }
    const result = await invoke(op, ctx, input)
    if (!check.Check(result)) throw new ValidationError('response', output, result)
    const text = JSON.stringify(result)
    if (key) {
      forget(key)
      // A key exists only for a tenant-bound caller, whom invoke has just authorized.
      const maxAge = opts.maxAgeMs(ctx as TenantBoundCtx, input)
      if (maxAge > 0) {
        const body = utf8.encode(text)
        entries.set(key, { stamp, freshUntil: ctx.now + maxAge, body })
        bytes += body.byteLength
        for (const oldest of entries.keys()) {
          if (bytes <= MAX_CACHED_BYTES) break
          forget(oldest)
        }
        return jsonAnswer(body, set)
      }
    }
    return jsonAnswer(text, set)
  }
}
