import type { TenantScope } from '../../kernel/ctx'
import { deleteBatchBefore } from '../../kernel/purge'
import { mcpSessions } from './schema'

/**
 * Retention of MCP session records: deletes at most `limit` sessions last seen before `cutoff`.
 * The server forgets idle sessions after a day on its own while MCP traffic flows; this catches
 * the rest (a server that saw no MCP call since).
 */
export const purgeSessionsSeenBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, mcpSessions, mcpSessions.lastSeenAt, cutoff, limit)
