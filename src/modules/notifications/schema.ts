import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { describeEntity } from '../../kernel/dictionary'
import { instant, tenantRef, uuidPk } from '../../db/columns'

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const
export type EmailStatus = (typeof EMAIL_STATUSES)[number]

/** Durable queue of outgoing email: an invite is committed with its email, then sent by a job. */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: text('status').$type<EmailStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: instant('next_attempt_at').notNull(),
    createdAt: instant('created_at').notNull(),
    sentAt: instant('sent_at'),
  },
  (t) => [index('email_outbox_tenant_idx').on(t.tenantId, t.createdAt), index('email_outbox_due_idx').on(t.status, t.nextAttemptAt)],
)

export const emailOutboxDoc = describeEntity(emailOutbox, {
  entity: 'EmailMessage',
  description: 'Outgoing email (invitations), queued durably and sent through the SMTP server the operator configures.',
  exposedByTool: ['invite_staff'],
  fields: {
    id: 'UUID of the message.',
    tenantId: 'Owning tenant.',
    toAddress: 'Recipient.',
    subject: 'Subject line.',
    textBody: 'Plain-text body.',
    status: 'pending (queued or SMTP not configured), sent, or failed after all retries.',
    attempts: 'Send attempts so far.',
    lastError: 'Last SMTP error.',
    nextAttemptAt: 'When the next attempt is due.',
    createdAt: 'When the message was queued.',
    sentAt: 'When the SMTP server accepted it.',
  },
})
