import type { Static, TSchema } from '@sinclair/typebox'
import { authorize, isDemoMode, type Access } from './access'
import type { Ctx, TenantBoundCtx } from './ctx'
import { changesCounter, inOneSnapshot, inTurnSnapshot, sqliteOf } from './db'
import type { ErrorCode } from './errors'

type OpCtx<A extends Access> = A['role'] extends 'public' ? Ctx : TenantBoundCtx

/** The standard structuredContent of a failed tool call. */
export interface ToolFailure {
  error: ErrorCode
  message: string
  /** With invalid_argument: each argument that failed validation. */
  fields?: { field: string; message: string }[]
}

/** What an MCP tool publishes beyond its schemas, declared by the operation so the adapter names no tool. */
export interface ToolQuirks {
  /**
   * The failed result, from the standard one, for tools whose specified output itself carries
   * error and message (clock_in's `success: false`). `args` are the raw arguments, possibly invalid.
   */
  failure?(standard: ToolFailure, call: { args: Record<string, unknown>; now: number; details?: unknown }): ToolFailure & Record<string, unknown>
  /** The tool reaches outside the box (sends email): MCP's openWorldHint. */
  openWorld?: true
  /** The tool acts on the MCP session itself, so it sees the caller's real tenant even in session demo mode. */
  actsOnSession?: true
  /** Data dictionary entities (by name, e.g. 'Project') the tool reads, for get_data_dictionary's exposed_by_tool. */
  exposes?: readonly string[]
}

/**
 * One operation of the domain: its schemas (validation, types, OpenAPI and MCP from one source),
 * its access rule and its logic. MCP tools and REST routes are thin adapters over these.
 */
export interface Operation<I extends TSchema = TSchema, O extends TSchema = TSchema, A extends Access = Access> {
  /** MCP tool name (snake_case, as the spec names it) or a REST operation id. */
  name: string
  title: string
  description: string
  access: A
  input: I
  output: O
  run(ctx: OpCtx<A>, input: Static<I>): Static<O> | Promise<Static<O>>
  /**
   * The answer in demo mode, given instead of running: for data that synthetic demo data cannot
   * stand in for (the tenant's own usage telemetry answers `available: false`).
   */
  unavailableInDemo?(ctx: OpCtx<A>, input: Static<I>): Static<O>
  mcp?: ToolQuirks
  /**
   * Changes rows although `access.write` is unset: callers with read access, or none, may call it
   * (it records the question asked, redeems a one-time token, or fires a once-only alert as a read
   * crosses a threshold). It runs as is, outside the one-snapshot transaction of reads (invoke).
   */
  changesRows?: true
  /**
   * A read that must see what another connection commits during the call (the analytics tools
   * flush the tool-call records first): it never shares its turn's read snapshot, which may have
   * begun before (kernel/turn-snapshot.ts), and takes one of its own.
   */
  ownSnapshot?: true
}

export function defineOperation<I extends TSchema, O extends TSchema, const A extends Access>(op: Operation<I, O, A>): Operation<I, O, A> {
  return op
}

/** Erased form for registries that hold operations of many shapes. */
export type AnyOperation = Operation<TSchema, TSchema, Access>

/** The only way an operation runs: access is checked here, once, for every surface. */
export async function invoke<I extends TSchema, O extends TSchema, A extends Access>(op: Operation<I, O, A>, ctx: Ctx, input: Static<I>): Promise<Static<O>> {
  return await checkedRun(op, ctx, () => input)
}

/**
 * invoke for surfaces that receive raw input (MCP arguments): `parse` runs after the access
 * check, so a keyless call with bad arguments is told it needs a key, not that an argument is wrong.
 */
export async function invokeParsing<I extends TSchema, O extends TSchema, A extends Access>(
  op: Operation<I, O, A>,
  ctx: Ctx,
  raw: unknown,
  parse: (raw: unknown) => Static<I>,
): Promise<Static<O>> {
  return await checkedRun(op, ctx, () => parse(raw))
}

async function checkedRun<I extends TSchema, O extends TSchema, A extends Access>(
  op: Operation<I, O, A>,
  ctx: Ctx,
  input: () => Static<I>,
): Promise<Static<O>> {
  authorize(ctx, op.access)
  const opCtx = ctx as OpCtx<A>
  const value = input()
  if (op.unavailableInDemo && isDemoMode(ctx)) return op.unavailableInDemo(opCtx, value)
  if (op.access.write || op.changesRows) return await op.run(opCtx, value)
  // A read answers from one snapshot (kernel/db.ts inOneSnapshot): its page and its total agree. A
  // request's read may share its turn's snapshot, begun after the request arrived (turn-snapshot.ts).
  const run = READS_CHECKED ? () => changingNothing(op.name, ctx, () => op.run(opCtx, value)) : () => op.run(opCtx, value)
  return await (ctx.readMark === undefined || op.ownSnapshot ? inOneSnapshot(ctx.db, run) : inTurnSnapshot(ctx.db, ctx.readMark, run))
}

/** Under test, a read operation that changes a row fails loudly: it must say so (`changesRows`). */
const READS_CHECKED = process.env.NODE_ENV === 'test'

function changingNothing<T>(name: string, ctx: Ctx, run: () => T): T {
  const changes = changesCounter(sqliteOf(ctx.db))
  const before = changes()
  const out = run()
  if (changes() !== before)
    throw new Error(`Operation ${name} is declared a read (neither access.write nor changesRows) but changed rows: declare changesRows.`)
  return out
}
