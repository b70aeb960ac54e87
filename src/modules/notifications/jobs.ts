import { defineJob } from '../../kernel/job'
import { deliverDueEmails } from './mailer'

/** Retries queued emails (invitations) that the immediate send could not deliver. */
export const sendEmailsJob = defineJob({
  name: 'notifications.send_emails',
  pattern: '*/15 * * * * *',
  description: 'Sends pending emails of the durable outbox through the configured SMTP server, with backoff.',
  each: 'global',
  run: async (rt, { now }) => {
    await deliverDueEmails(rt.db, rt.config.smtp, rt.log, now)
  },
})
