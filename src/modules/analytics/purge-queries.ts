import type { TenantScope } from '../../kernel/ctx'
import { deleteBatchBefore } from '../../kernel/purge'
import { toolCalls } from './schema'

/** Retention of MCP tool-call records: deletes at most `limit` calls started before `cutoff`. */
export const purgeToolCallsBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, toolCalls, toolCalls.startedAt, cutoff, limit)
