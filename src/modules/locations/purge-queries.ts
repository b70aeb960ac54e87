import type { TenantScope } from '../../kernel/ctx'
import { deleteBatchBefore } from '../../kernel/purge'
import { locationPings } from './schema'

/** Retention of location pings: deletes at most `limit` pings recorded before `cutoff`. */
export const purgePingsBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, locationPings, locationPings.recordedAt, cutoff, limit)
