import { sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import { deleteBatchBefore } from '../../kernel/purge'
import { emailOutbox } from './schema'

/**
 * Retention of the email outbox: deletes at most `limit` emails queued before `cutoff` that are
 * done (sent or failed); pending ones stay until sent. Stored bodies never hold an invitation
 * token (the mailer renders it into the slot at send time), so a kept body leaks nothing.
 */
export const purgeFinishedEmailsBefore = (c: TenantScope, cutoff: number, limit: number): number =>
  deleteBatchBefore(c, emailOutbox, emailOutbox.createdAt, cutoff, limit, sql`status <> 'pending'`)
