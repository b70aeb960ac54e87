import { expect } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { startServer, type TestServer } from '../helpers/server'
import { type ReceivedMail, startSmtpSink } from '../helpers/smtp-sink'
import { type Receiver, startReceiver } from '../webhooks/receiver'
import { checkPage, launch, openTab, signIn, type Tab } from './browser'

export { checkPage, signIn, type Tab }

/**
 * One set-up for the console tests: a real server started with the options a file needs, a real
 * SMTP sink and a real webhook receiver when asked, Debian's Chromium launched once per file
 * (browser.ts), the sign-in steps of each kind of person, and one close for all of it.
 *
 *   let h: ConsoleHarness
 *   beforeAll(async () => { h = await startConsole({ smtp: true }) ; … })
 *   afterAll(() => h?.close())
 */

export const PASSWORD = 'correct horse battery staple'
/** The SMTP sink the harness starts when asked (test/helpers/smtp-sink.ts). */
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>
type TabOptions = Parameters<typeof openTab>[2]

export interface HarnessOptions {
  /** A real SMTP sink, and the server's WORKFORCE_SMTP_* pointing at it. */
  smtp?: boolean
  /** A real webhook receiver on loopback, and WORKFORCE_WEBHOOK_ALLOW_CIDRS letting the server reach it. */
  receiver?: boolean
  /** Launch Chromium (default true; false for the files that speak plain HTTP). */
  browser?: boolean
  /** More environment for the server. */
  env?: Record<string, string>
}

export interface CreatedTenant {
  tenant: string
  ownerEmail: string
  /** The OwnerAdmin's key, as `tenant create --json` prints it. */
  key: string
  /** The one-time console setup link of the OwnerAdmin. */
  setupUrl: string
}

export interface ConsoleHarness {
  server: TestServer
  /** The SMTP sink (only with `smtp: true`). */
  readonly sink: SmtpSink
  /** The webhook receiver (only with `receiver: true`). */
  readonly receiver: Receiver
  readonly browser: Browser
  /** The server's database, read-only, opened on first use. */
  readonly db: Database
  /** A fresh browser profile on the server, closed with the harness. */
  tab(opts?: TabOptions): Promise<Tab>
  /** Runs the CLI against the server; a non-zero exit fails the test with its output. */
  cli(args: string[]): Promise<string>
  /** `tenant create --json` with an OwnerAdmin (Olga Owner unless named), in Europe/Berlin unless told. */
  createTenant(opts: { name: string; domain: string; ownerName?: string; timezone?: string; plan?: string }): Promise<CreatedTenant>
  /** The link in the last e-mail to `to` matching `pattern` (quoted-printable undone), once it arrived. */
  mailLink(to: string, pattern: RegExp): Promise<string>
  /** Opens a password link (setup or reset) in `t`, sets `password` and waits for Today. */
  setPasswordByLink(t: Tab, link: string, password?: string): Promise<void>
  /** Sets a password through "forgot password" (the e-mail's link, the form); `t` ends signed in. */
  passwordByReset(t: Tab, email: string, password?: string): Promise<void>
  /** A new tab signed in through the sign-in form with PASSWORD, on Today. */
  signedIn(email: string, opts?: TabOptions): Promise<Tab>
  /** A new tab, signed in by "Try as …" on the demo company. */
  tryAs(role: 'Employee' | 'Manager' | 'Admin'): Promise<Tab>
  /** "Try as …" over plain HTTP (answered 303): the wf_session Set-Cookie line and where it sends the browser. */
  demoSession(role: 'employee' | 'manager' | 'admin'): Promise<{ setCookie: string; location: string | null }>
  close(): Promise<void>
}

const RESET_LINK = /(https?:\/\/\S+\/account\/set-password\?token=[\w-]+)/

export async function startConsole(opts: HarnessOptions = {}): Promise<ConsoleHarness> {
  const sink = opts.smtp ? await startSmtpSink() : null
  const receiver = opts.receiver ? startReceiver() : null
  const env: Record<string, string> = { ...opts.env }
  if (sink) Object.assign(env, { WORKFORCE_SMTP_HOST: '127.0.0.1', WORKFORCE_SMTP_PORT: String(sink.port), WORKFORCE_SMTP_FROM: 'workforce@appliance.test' })
  if (receiver) env.WORKFORCE_WEBHOOK_ALLOW_CIDRS = '127.0.0.0/8'
  const server = await startServer(Object.keys(env).length ? { env } : {})
  const browser = opts.browser === false ? null : await launch()
  const tabs: Tab[] = []
  let db: Database | null = null

  const h: ConsoleHarness = {
    server,
    get sink() {
      if (!sink) throw new Error('the harness was started without smtp: true')
      return sink
    },
    get receiver() {
      if (!receiver) throw new Error('the harness was started without receiver: true')
      return receiver
    },
    get browser() {
      if (!browser) throw new Error('the harness was started with browser: false')
      return browser
    },
    get db() {
      db ??= new Database(join(server.dataDir, 'workforce.db'), { readonly: true })
      return db
    },
    async tab(o = {}) {
      const t = await openTab(h.browser, server.url, o)
      tabs.push(t)
      return t
    },
    async cli(args) {
      const r = await server.cli(args)
      if (r.code !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}${r.stdout}`)
      return r.stdout
    },
    async createTenant(o) {
      const ownerEmail = `owner.${Date.now()}@${o.domain}`
      const args = ['tenant', 'create', '--json', '--name', o.name, '--owner-email', ownerEmail, '--owner-name', o.ownerName ?? 'Olga Owner']
      if (o.plan) args.push('--plan', o.plan)
      const created = await server.cli([...args, '--timezone', o.timezone ?? 'Europe/Berlin'])
      expect({ code: created.code, stderr: created.stderr }).toEqual({ code: 0, stderr: expect.any(String) })
      const out = JSON.parse(created.stdout)
      return { tenant: out.tenant, ownerEmail, key: out.key, setupUrl: out.console_setup_url }
    },
    async mailLink(to, pattern) {
      const deadline = Date.now() + 20_000
      for (;;) {
        for (const mail of h.sink.inbox.filter((m: ReceivedMail) => m.to.includes(to)).reverse()) {
          const m = pattern.exec(mail.raw.replace(/=\r\n/g, '').replace(/=3D/g, '='))
          if (m) return m[1]!
        }
        if (Date.now() > deadline) throw new Error(`no matching e-mail to ${to}`)
        await Bun.sleep(50)
      }
    },
    async setPasswordByLink(t, link, password = PASSWORD) {
      await t.page.goto(link)
      await t.page.getByLabel('New password').fill(password)
      await t.page.getByLabel('Repeat the password').fill(password)
      await t.page.getByRole('button', { name: 'Set the password and sign in' }).click()
      await t.page.waitForURL('**/today')
    },
    async passwordByReset(t, email, password = PASSWORD) {
      await t.page.goto('/account/reset')
      await t.page.getByLabel('E-mail').fill(email)
      await t.page.getByRole('button', { name: 'Send the link' }).click()
      await t.page.getByText('a link to set a new password is on its way').waitFor()
      await h.setPasswordByLink(t, await h.mailLink(email, RESET_LINK), password)
    },
    async signedIn(email, o = {}) {
      const t = await h.tab(o)
      await signIn(t.page, email, PASSWORD)
      await t.page.waitForURL('**/today')
      return t
    },
    async tryAs(role) {
      const t = await h.tab()
      await t.page.goto('/signin')
      await t.page.getByRole('button', { name: `Try as ${role}` }).click()
      await t.page.waitForURL('**/today')
      return t
    },
    async demoSession(role) {
      const page = await fetch(`${server.url}/signin`)
      const pre = page.headers.get('set-cookie')!
      const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())![1]!
      const res = await fetch(`${server.url}/demo`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: pre.split(';')[0]!, origin: server.url },
        body: new URLSearchParams({ _csrf: csrf, role }).toString(),
      })
      expect(res.status).toBe(303)
      return { setCookie: res.headers.getSetCookie().find((c) => c.startsWith('wf_session='))!, location: res.headers.get('location') }
    },
    async close() {
      for (const t of tabs) await t.context.close().catch(() => undefined)
      await browser?.close()
      db?.close()
      await server.stop()
      await sink?.close()
      receiver?.stop()
    },
  }
  return h
}
