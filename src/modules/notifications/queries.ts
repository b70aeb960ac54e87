import { and, eq, gte, lte, sql } from 'drizzle-orm'
import type { TenantScope } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { emailOutbox } from './schema'

type EmailRow = typeof emailOutbox.$inferSelect

/** Queues an email of the context's tenant, due at once; call it in the transaction that causes it. */
export function enqueueEmail(c: TenantScope, input: { to: string; subject: string; text: string }): EmailRow {
  return c.db
    .insert(emailOutbox)
    .values({
      id: newId(),
      tenantId: c.tenant.id,
      toAddress: input.to,
      subject: input.subject,
      textBody: input.text,
      status: 'pending',
      nextAttemptAt: c.now,
      createdAt: c.now,
    })
    .returning()
    .get()
}

/** Pending emails due now, oldest first (the sender claims each before sending). */
export const dueEmails = (db: DbLike, now: number, limit: number): EmailRow[] =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(limit)
    .all()

/**
 * Takes one email for sending by pushing its next attempt past the lease: only the caller whose
 * update changed the row sends it, so the job and an immediate send never both deliver it.
 */
export function claimEmail(db: DbLike, row: EmailRow, now: number, leaseMs: number): boolean {
  const res = db
    .update(emailOutbox)
    .set({ nextAttemptAt: now + leaseMs, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending'), eq(emailOutbox.nextAttemptAt, row.nextAttemptAt)))
    .returning({ id: emailOutbox.id })
    .all()
  return res.length === 1
}

export function markEmailSent(db: DbLike, id: string, now: number): void {
  db.update(emailOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(eq(emailOutbox.id, id)).run()
}

export function markEmailFailed(db: DbLike, id: string, error: string, nextAttemptAt: number | null): void {
  db.update(emailOutbox)
    .set(nextAttemptAt === null ? { status: 'failed', lastError: error } : { lastError: error, nextAttemptAt })
    .where(eq(emailOutbox.id, id))
    .run()
}

/** How many emails the tenant queued since `since` (all statuses). */
export function countEmailsQueuedSince(c: TenantScope, since: number): number {
  const row = c.db
    .select({ count: sql<number>`count(*)` })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.tenantId, c.tenant.id), gte(emailOutbox.createdAt, since)))
    .get()
  return row?.count ?? 0
}

/** When the tenant queued its email number `rank` (0 = the oldest) among those queued since `since`. */
export function emailQueuedAt(c: TenantScope, since: number, rank: number): number | null {
  const row = c.db
    .select({ createdAt: emailOutbox.createdAt })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.tenantId, c.tenant.id), gte(emailOutbox.createdAt, since)))
    .orderBy(emailOutbox.createdAt)
    .limit(1)
    .offset(rank)
    .get()
  return row?.createdAt ?? null
}
