import nodemailer from 'nodemailer'
import type { SmtpConfig } from '../../kernel/config'
import type { Ctx } from '../../kernel/ctx'
import type { DbLike } from '../../kernel/db'
import type { Logger } from '../../kernel/log'
import { everythingDurable } from '../../kernel/durability'
import { MINUTE } from '../../kernel/time'
import { INVITATION_TOKEN_SLOT, issueInvitationToken } from '../users/invitation-token'
import { claimEmail, dueEmails, markEmailFailed, markEmailSent } from './queries'

/** Retry schedule after a failed send; after the last one the email is marked failed. */
const BACKOFF_MS = [1, 5, 15, 60, 240, 720].map((m) => m * MINUTE)
const LEASE_MS = 5 * MINUTE

function transportFor(smtp: SmtpConfig) {
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
}

let running: Promise<number> | null = null

/**
 * Sends the due emails of the durable outbox through the operator's SMTP server. Nothing happens
 * without SMTP configured: emails wait as pending until it is. Returns how many were sent.
 */
export function deliverDueEmails(db: DbLike, smtp: SmtpConfig | null, log: Logger, now = Date.now()): Promise<number> {
  if (!smtp) return Promise.resolve(0)
  // One sender at a time in this process; the claim protects against other processes.
  running ??= send(db, smtp, log, now).finally(() => (running = null))
  return running
}

async function send(db: DbLike, smtp: SmtpConfig, log: Logger, now: number): Promise<number> {
  const due = dueEmails(db, now, 50)
  if (due.length === 0) return 0
  const transport = transportFor(smtp)
  let sent = 0
  try {
    for (const email of due) {
      if (!claimEmail(db, email, now, LEASE_MS)) continue
      const text = renderAtSend(db, email)
      if (text === null) {
        markEmailFailed(db, email.id, 'not sent: the invitation is no longer pending (accepted, withdrawn or expired)', null)
        log.info('email dropped: invitation no longer pending', { emailId: email.id })
        continue
      }
      // The email (and the invitation token it carries, written just now) must not leave the box
      // before its rows are on disk (group commit, kernel/durability.ts).
      await everythingDurable(db)
      try {
        await transport.sendMail({ from: smtp.from, to: email.toAddress, subject: email.subject, text })
        markEmailSent(db, email.id, Date.now())
        sent++
      } catch (e) {
        const delay = BACKOFF_MS[email.attempts]
        markEmailFailed(db, email.id, e instanceof Error ? e.message.slice(0, 500) : String(e), delay === undefined ? null : Date.now() + delay)
        log.warn('email not sent', { emailId: email.id, attempt: email.attempts + 1, error: String(e) })
      }
    }
  } finally {
    transport.close()
  }
  return sent
}

/**
 * The body as it goes out. The outbox stores an invitation's body with a slot where the token
 * goes; the token is issued now (its hash replaces the invitation's), put into this one email and
 * never written anywhere. Null when the invitation can no longer be accepted: nothing to send.
 */
function renderAtSend(db: DbLike, email: { tenantId: number; toAddress: string; textBody: string }): string | null {
  if (!email.textBody.includes(INVITATION_TOKEN_SLOT)) return email.textBody
  const token = issueInvitationToken(db, email.tenantId, email.toAddress, Date.now())
  return token === null ? null : email.textBody.replaceAll(INVITATION_TOKEN_SLOT, token)
}

/** Sends right after the commit that queued an email, instead of waiting for the next job tick. */
export function requestEmailDelivery(ctx: Pick<Ctx, 'db' | 'config' | 'log'>): void {
  if (!ctx.config.smtp) return
  setTimeout(() => {
    deliverDueEmails(ctx.db, ctx.config.smtp, ctx.log).catch((e) => ctx.log.error('email delivery failed', { error: String(e) }))
  }, 0)
}
