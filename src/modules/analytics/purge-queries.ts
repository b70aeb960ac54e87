import { sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { deleteBatchBefore } from '../../kernel/purge'
import { askQuestions, toolCalls } from './schema'

/** Retention of MCP tool-call records: deletes at most `limit` calls started before `cutoff`. */
export const purgeToolCallsBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, toolCalls, toolCalls.startedAt, cutoff, limit)

/** Retention of questions asked through ask_workforce: deletes at most `limit` asked before `cutoff`. */
export const purgeQuestionsBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, askQuestions, askQuestions.askedAt, cutoff, limit)

/** Tool calls made before a tenant was known (anonymous discovery): the global retention job deletes them. */
export const purgeTenantlessToolCallsBefore = (db: DbLike, cutoff: number): number =>
  db.all(sql`delete from ${toolCalls} where tenant_id is null and started_at < ${cutoff} returning 1`).length
