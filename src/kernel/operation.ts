import type { Static, TSchema } from '@sinclair/typebox'
import { authorize, type Access } from './access'
import type { Ctx, TenantBoundCtx } from './ctx'

type OpCtx<A extends Access> = A['role'] extends 'public' ? Ctx : TenantBoundCtx

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
}

export function defineOperation<I extends TSchema, O extends TSchema, const A extends Access>(
  op: Operation<I, O, A>,
): Operation<I, O, A> {
  return op
}

/** Erased form for registries that hold operations of many shapes. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<TSchema, TSchema, Access>

/** The only way an operation runs: access is checked here, once, for every surface. */
export async function invoke<I extends TSchema, O extends TSchema, A extends Access>(
  op: Operation<I, O, A>,
  ctx: Ctx,
  input: Static<I>,
): Promise<Static<O>> {
  authorize(ctx, op.access)
  return await op.run(ctx as OpCtx<A>, input)
}
