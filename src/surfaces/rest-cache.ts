import { ValidationError } from 'elysia'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import type { Ctx, TenantBoundCtx } from '../kernel/ctx'
import { metrics } from '../kernel/metrics'
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
 *
 * One computation per key and stamp at a time: the requests of an event-loop turn go on together
 * once their rate-limit counts commit (rate-limits/turn-batch.ts), so when an answer expires every
 * request of that turn used to find it missing and compute it again, each blocking the others (the
 * activity summary of 1,000 people: ~10 computations of 5-10 ms every 5 s under load, a tenth of
 * its CPU and its slowest answers). A request that finds the same computation under way awaits it
 * instead: one with the same key (so the same authorization and the same answer) and the same
 * stamp, that arrived no later than the request computing it (its turn-snapshot mark no greater:
 * the computation read from a snapshot begun after both arrived, kernel/turn-snapshot.ts rule 2).
 */
export function cachedRead(rt: Runtime, op: AnyOperation, opts: NonNullable<RouteOptions['cache']>) {
  const output = pureSchema(op.output)
  const check = TypeCompiler.Compile(output)
  const entries = new Map<string, Entry>()
  const underWay = new Map<string, { stamp: number; mark: number | undefined; body: Promise<string | Uint8Array> }>()
  let bytes = 0
  const forget = (key: string) => {
    const old = entries.get(key)
    if (old) bytes -= old.body.byteLength
    entries.delete(key)
  }
  /** Runs the operation and keeps its answer under `key` (when it may be kept): the body to send. */
  const compute = async (ctx: Ctx, input: Record<string, unknown>, key: string | null, stamp: number): Promise<string | Uint8Array> => {
    const result = await invoke(op, ctx, input)
    if (!check.Check(result)) throw new ValidationError('response', output, result)
    const text = JSON.stringify(result)
    if (!key) return text
    forget(key)
    // A key exists only for a tenant-bound caller, whom invoke has just authorized.
    const maxAge = opts.maxAgeMs(ctx as TenantBoundCtx, input)
    if (maxAge <= 0) return text
    const body = utf8.encode(text)
    entries.set(key, { stamp, freshUntil: ctx.now + maxAge, body })
    bytes += body.byteLength
    for (const oldest of entries.keys()) {
      if (bytes <= MAX_CACHED_BYTES) break
      forget(oldest)
    }
    return body
  }
  return async ({ ctx, input, set }: { ctx: Ctx; input: Record<string, unknown>; set: { headers: SetHeaders } }): Promise<Response> => {
    const key = cacheKey(op, ctx, input)
    if (!key) return jsonAnswer(await compute(ctx, input, null, 0), set)
    const stamp = rt.changeStamp()
    const hit = entries.get(key)
    if (hit && hit.stamp === stamp && ctx.now < hit.freshUntil) {
      // Most recently used last: eviction takes the oldest first.
      entries.delete(key)
      entries.set(key, hit)
      metrics.answerCache(op.name, 'hit')
      return jsonAnswer(hit.body, set)
    }
    const running = underWay.get(key)
    if (running && running.stamp === stamp && running.mark !== undefined && ctx.readMark !== undefined && ctx.readMark <= running.mark) {
      metrics.answerCache(op.name, 'joined')
      return jsonAnswer(await running.body, set)
    }
    metrics.answerCache(op.name, 'computed')
    const body = compute(ctx, input, key, stamp)
    underWay.set(key, { stamp, mark: ctx.readMark, body })
    try {
      return jsonAnswer(await body, set)
    } finally {
      if (underWay.get(key)?.body === body) underWay.delete(key)
    }
  }
}
