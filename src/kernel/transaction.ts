import type { TenantScope } from './ctx'
import { transaction, type NotPromise } from './db'

/**
 * Runs `fn` in one synchronous BEGIN IMMEDIATE transaction with a context bound to it: same
 * tenant, same clock, `db` the open transaction. Queries and `emit` called with `c` commit or roll
 * back together. Nested calls join the open transaction.
 *
 *   inTransaction(ctx, (c) => { closeTimeLog(c, …); emit(c, 'clock.out', {…}) })
 */
export function inTransaction<C extends TenantScope, T>(ctx: C, fn: (c: C) => NotPromise<T>): T {
  return transaction(ctx.db, (tx) => fn({ ...ctx, db: tx }))
}
