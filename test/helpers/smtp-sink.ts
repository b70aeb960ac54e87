import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  to: string[]
  raw: string
}

/** A real SMTP server on a random loopback port that keeps every message it receives. */
export async function startSmtpSink(): Promise<{ port: number; inbox: ReceivedMail[]; close(): Promise<void> }> {
  const inbox: ReceivedMail[] = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')))
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  return {
    port: (smtp.server.address() as AddressInfo).port,
    inbox,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}

/** The accept link of the last email to `to` (quoted-printable undone), once it has arrived. */
export async function invitationLinkFor(inbox: ReceivedMail[], to: string): Promise<{ url: string; token: string }> {
  const deadline = Date.now() + 20_000
  for (;;) {
    const mail = inbox.filter((m) => m.to.includes(to)).at(-1)
    if (mail) {
      const body = mail.raw.replace(/=\r\n/g, '').replace(/=3D/g, '=')
      const m = /Accept the invitation: (\S+\/invitations\/accept\?token=([\w-]+))/.exec(body)
      if (!m) throw new Error(`no link in the email:\n${body}`)
      return { url: m[1]!, token: m[2]! }
    }
    if (Date.now() > deadline) throw new Error(`no email to ${to} arrived`)
    await Bun.sleep(50)
  }
}
