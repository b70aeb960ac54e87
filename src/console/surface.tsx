/** @jsxImportSource @kitajs/html */
import { Elysia } from 'elysia'
import { randomUUID } from 'node:crypto'
import { roleAtLeast } from '../kernel/access'
import { ROLE_LABELS, type Role } from '../kernel/ctx'
import { DomainError } from '../kernel/errors'
import { invoke } from '../kernel/operation'
import { inTransaction } from '../kernel/db'
import { MINUTE } from '../kernel/time'
import { requestPasswordReset } from '../modules/accounts/request-password-reset'
import { setPasswordWithLink } from '../modules/accounts/set-password-with-link'
import { SET_PASSWORD_PATH, usableLink } from '../modules/accounts/password-links'
import { closeSession, openSession, randomToken } from '../modules/accounts/sessions'
import { savePassword } from '../modules/accounts/passwords'
import { checkPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../modules/accounts/sign-in'
import { LoginThrottle } from '../modules/accounts/throttle'
import { checkUserTotp } from '../modules/security/two-factor-secret'
import { findDefaultDemoTenant, findTenantByReference, findTenantCtx } from '../modules/tenants/queries'
import { acceptInvitation, previewInvitation } from '../modules/users/accept-invitation'
import { findUserForAuth, usersMatching } from '../modules/users/queries'
import type { Runtime } from '../runtime'
import { assetResponse, ASSETS, MANIFEST } from './assets'
import { MessagePage, ResetRequestPage, SetPasswordPage, SignInPage, TotpPage, WelcomePage } from './auth-pages'
import { AppPage } from './layout'
import type { ConsolePage, Flash } from './pages'
import { CONSOLE_PAGES } from './registry'
import {
  clearSessionCookie,
  type ConsoleRequest,
  consoleRequest,
  cookie,
  csrfOk,
  csrfTokenOf,
  PRE_CSRF_COOKIE,
  sessionCookie,
  type SignedInRequest,
  signedInRequest,
  serverTiming,
} from './request'

/** The invitation email's link (kept as it always was: /invitations/accept?token=…). */
export const INVITATION_PAGE_PATH = '/invitations/accept'

/**
 * Pages: scripts and styles only from this server, no framing, forms only to this server, no
 * Referer (tokens travel in some URLs), never cached (they show personal data and keys).
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
}

async function html(req: ConsoleRequest, body: JSX.Element, status = 200): Promise<Response> {
  const headers = new Headers({ ...PAGE_HEADERS, 'x-request-id': req.requestId })
  if (req.preCsrfIsNew && !req.signedIn) req.cookies.push(cookie(PRE_CSRF_COOKIE, req.preCsrf, { secure: req.secure, sameSite: 'Strict' }))
  for (const c of req.cookies) headers.append('set-cookie', c)
  // htmx swaps the page whatever the status; a 4xx on its XHR would be logged as a console error,
  // so htmx requests get 200 and the status in a header. Plain requests get the status itself.
  if (req.htmx && status >= 400) {
    headers.set('x-workforce-status', String(status))
    status = 200
  }
  const text = await body
  headers.set('server-timing', serverTiming(req))
  return new Response(text, { status, headers })
}

/**
 * 303 to `to`; for an htmx request, 200 with HX-Redirect instead (htmx then loads the page as a
 * whole navigation, so the address bar shows where the person is).
 */
function redirect(req: ConsoleRequest, to: string): Response {
  const headers = new Headers({ 'cache-control': 'no-store', 'x-request-id': req.requestId, 'server-timing': serverTiming(req) })
  for (const c of req.cookies) headers.append('set-cookie', c)
  if (req.htmx) {
    headers.set('hx-redirect', to)
    return new Response(null, { status: 200, headers })
  }
  headers.set('location', to)
  return new Response(null, { status: 303, headers })
}

/** Only local paths are followed after sign-in (no open redirect). */
const safeNext = (next: string | null): string => (next && /^\/(?!\/)[\w\-/?=&%.]*$/.test(next) && !next.startsWith('/signin') ? next : '/')

const readForm = async (request: Request): Promise<URLSearchParams> => new URLSearchParams(await request.text())

/** Two-factor sign-ins waiting for their code (5 minutes), keyed by a random id in the form. */
interface PendingTotp {
  tenantId: number
  userId: string
  preCsrf: string
  expiresAt: number
  tries: number
  /** Where the sign-in was going (a same-origin path, checked again when followed). */
  next: string | null
}

export function consoleSurface(rt: Runtime) {
  const throttle = new LoginThrottle()
  const pendingTotp = new Map<string, PendingTotp>()
  const homeOf = (role: Role): string => (roleAtLeast(role, 'employee') ? '/today' : '/account')

  const demoTenant = () => {
    const row = findDefaultDemoTenant(rt.db)
    return row ? findTenantCtx(rt.db, row.id) : null
  }

  const signInPage = (req: ConsoleRequest, flash: Flash | null, email?: string, next?: string) => {
    const demo = demoTenant()
    return html(
      req,
      <SignInPage csrf={csrfTokenOf(req)} email={email} next={next} flash={flash} demo={demo ? { name: demo.name } : null} />,
      flash?.status ?? 200,
    )
  }

  const forbidden = (req: ConsoleRequest) =>
    html(
      req,
      <MessagePage
        csrf={csrfTokenOf(req)}
        title="Form expired"
        text="This form was not sent from a page of this session (its security token is missing or wrong), so nothing was done. Go back, reload the page and try again."
        link={{ href: '/', label: 'Back to the console' }}
      />,
      403,
    )

  /** Signs the person in: a new session and its cookie, then where they were going. */
  const startSession = (req: ConsoleRequest, tenantId: number, userId: string, next: string | null, readOnly = false) => {
    const tenant = findTenantCtx(rt.db, tenantId)!
    const { token } = inTransaction({ tenant, db: rt.db, now: req.now }, (c) =>
      openSession(c, { userId, readOnly, userAgent: req.request.headers.get('user-agent'), ipAddress: req.ip }),
    )
    req.cookies.push(sessionCookie(req, token))
    req.cookies.push(cookie(PRE_CSRF_COOKIE, '', { secure: req.secure, maxAgeSeconds: 0, sameSite: 'Strict' }))
    return redirect(req, safeNext(next))
  }

  // ---- pages of signed-in people ----

  async function renderPage(req: SignedInRequest, page: ConsolePage, flash: Flash | null): Promise<Response> {
    const { user, tenant, session } = req.signedIn
    const viewer = { name: user.name, role: user.role, tenantName: tenant.name, readOnly: session.readOnly, csrf: session.csrfToken }
    if (!roleAtLeast(user.role, page.role)) {
      return html(
        req,
        <AppPage viewer={viewer} pages={CONSOLE_PAGES} current="" title="Not for your role">
          <p role="alert">
            This page is for the {ROLE_LABELS[page.role]} role or above; you are signed in as {ROLE_LABELS[user.role]}.
          </p>
        </AppPage>,
        403,
      )
    }
    let body: JSX.Element
    const renderStarted = performance.now()
    try {
      body = await page.render(req, flash)
    } catch (err) {
      if (!(err instanceof DomainError)) throw err
      body = ''
      flash = { kind: 'error', text: err.message, status: err.status }
    }
    req.timing.page = performance.now() - renderStarted
    return html(
      req,
      <AppPage viewer={viewer} pages={CONSOLE_PAGES} current={page.path} title={page.title} flash={flash}>
        {body}
      </AppPage>,
      flash?.kind === 'error' ? (flash.status ?? 400) : 200,
    )
  }

  const needSignIn = (req: ConsoleRequest) => redirect(req, `/signin?next=${encodeURIComponent(req.url.pathname + req.url.search)}`)

  const app = new Elysia({ name: 'console' })
  const ipOf = (server: { requestIP(r: Request): { address: string } | null } | null, request: Request) => server?.requestIP(request)?.address ?? null
  const idOf = (headers: Record<string, unknown>) => String(headers['x-request-id'] ?? randomUUID())
  /** The console's view of a handler's request: id, client address, cookies, session (request.ts). */
  const requestOf = (h: { request: Request; set: { headers: Record<string, unknown> }; server: Parameters<typeof ipOf>[0] }) =>
    consoleRequest(rt, h.request, idOf(h.set.headers), ipOf(h.server, h.request))

  for (const asset of ASSETS) app.get(asset.path, () => assetResponse(asset), { detail: { hide: true } })
  app
    .get(
      '/manifest.webmanifest',
      () => new Response(JSON.stringify(MANIFEST), { headers: { 'content-type': 'application/manifest+json', 'cache-control': 'public, max-age=3600' } }),
      {
        detail: { hide: true },
      },
    )
    .get(
      '/offline',
      ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        return html(
          req,
          <MessagePage csrf={csrfTokenOf(req)} title="You are offline" text="The workforce server cannot be reached. Check your connection and try again." />,
        )
      },
      { detail: { hide: true } },
    )
    .get(
      '/',
      ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        return req.signedIn ? redirect(req, homeOf(req.signedIn.user.role)) : redirect(req, '/signin')
      },
      { detail: { hide: true } },
    )

  // ---- sign-in, two-factor, sign-out, demo ----
  app
    .get(
      '/signin',
      ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        if (req.signedIn) return redirect(req, safeNext(req.url.searchParams.get('next')))
        return signInPage(req, null, undefined, req.url.searchParams.get('next') ?? undefined)
      },
      { detail: { hide: true } },
    )
    .post(
      '/signin',
      async ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        const form = await readForm(request)
        if (!csrfOk(req, form)) return forbidden(req)
        const email = (form.get('email') ?? '').slice(0, 254)
        const password = (form.get('password') ?? '').slice(0, MAX_PASSWORD_LENGTH)
        const next = form.get('next')
        const result = await checkPassword(rt.db, throttle, { email, password, ip: req.ip }, req.now)
        if (result.kind === 'throttled') {
          const minutes = Math.ceil(result.retryAfterSeconds / 60)
          return signInPage(
            req,
            {
              kind: 'error',
              text: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or reset your password.`,
              status: 429,
            },
            email,
            next ?? undefined,
          )
        }
        if (result.kind === 'wrong')
          return signInPage(req, { kind: 'error', text: 'The e-mail or the password is wrong.', status: 401 }, email, next ?? undefined)
        if (result.user.twoFactorEnabledAt !== null && result.user.twoFactorSecret) {
          const id = randomToken()
          pendingTotp.set(id, { tenantId: result.tenant.id, userId: result.user.id, preCsrf: req.preCsrf, expiresAt: req.now + 5 * MINUTE, tries: 0, next })
          return html(req, <TotpPage csrf={csrfTokenOf(req)} pending={id} />)
        }
        return startSession(req, result.tenant.id, result.user.id, next)
      },
      { parse: 'none', detail: { hide: true } },
    )
    .post(
      '/signin/code',
      async ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        const form = await readForm(request)
        if (!csrfOk(req, form)) return forbidden(req)
        const id = form.get('pending') ?? ''
        const pending = pendingTotp.get(id)
        if (!pending || pending.expiresAt <= req.now || pending.preCsrf !== req.preCsrf || pending.tries >= 5) {
          pendingTotp.delete(id)
          return signInPage(
            req,
            { kind: 'error', text: 'The sign-in took too long or had too many wrong codes. Sign in again.', status: 401 },
            undefined,
            pending?.next ?? undefined,
          )
        }
        const tenant = findTenantCtx(rt.db, pending.tenantId)
        const user = tenant ? findUserForAuth({ tenant, db: rt.db, now: req.now }, pending.userId) : null
        if (!tenant || !user?.twoFactorSecret || user.status !== 'active') return signInPage(req, { kind: 'error', text: 'Sign in again.', status: 401 })
        if (!checkUserTotp({ secrets: rt.secrets, now: req.now }, { id: user.id, twoFactorSecret: user.twoFactorSecret }, (form.get('code') ?? '').trim())) {
          pending.tries += 1
          return html(
            req,
            <TotpPage csrf={csrfTokenOf(req)} pending={id} flash={{ kind: 'error', text: 'That code is not right. Enter the current code.' }} />,
            401,
          )
        }
        pendingTotp.delete(id)
        return startSession(req, tenant.id, user.id, pending.next)
      },
      { parse: 'none', detail: { hide: true } },
    )
    .post(
      '/signout',
      async ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        const form = await readForm(request)
        if (!req.signedIn) return redirect(req, '/signin')
        if (!csrfOk(req, form)) return forbidden(req)
        const { tenant, session } = req.signedIn
        inTransaction({ tenant, db: rt.db, now: req.now }, (c) => closeSession(c, session))
        req.cookies.push(clearSessionCookie(req))
        return redirect(req, '/signin')
      },
      { parse: 'none', detail: { hide: true } },
    )
    .post(
      '/demo',
      async ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        const form = await readForm(request)
        if (!csrfOk(req, form)) return forbidden(req)
        const role = form.get('role')
        const tenant = demoTenant()
        if (!tenant || (role !== 'employee' && role !== 'manager' && role !== 'admin'))
          return signInPage(req, { kind: 'error', text: 'There is no demo on this server.', status: 404 })
        // The demo persona: the first active person of that role in the demo company (by name).
        const persona = usersMatching({ tenant, db: rt.db, now: req.now }, { userIds: null })
          .filter((u) => u.role === role && u.status === 'active')
          .sort((a, b) => a.name.localeCompare(b.name))[0]
        if (!persona) return signInPage(req, { kind: 'error', text: `The demo company has no ${ROLE_LABELS[role]}.`, status: 404 })
        // An OAuth sign-in (or any page that sent the visitor here) continues where it was going.
        const next = form.get('next')
        return startSession(req, tenant.id, persona.id, next && safeNext(next) !== '/' ? next : homeOf(role), true)
      },
      { parse: 'none', detail: { hide: true } },
    )

  // ---- password reset, set password by link, invitation ----
  const setPasswordForm = (req: ConsoleRequest, token: string, flash: Flash | null, status = 200) => {
    let who: { name: string; company: string; purpose: string }
    try {
      const link = usableLink(rt.db, token, req.now)
      who = { name: link.user.name, company: link.tenant.name, purpose: link.row.purpose }
    } catch (err) {
      if (!(err instanceof DomainError)) throw err
      return html(
        req,
        <MessagePage
          csrf={csrfTokenOf(req)}
          title="This link does not work"
          text={err.message}
          link={{ href: '/account/reset', label: 'Ask for a new link' }}
        />,
        err.status,
      )
    }
    return html(
      req,
      <SetPasswordPage
        csrf={csrfTokenOf(req)}
        title={who.purpose === 'setup' ? `Set up ${who.company}` : 'Set a new password'}
        action={SET_PASSWORD_PATH}
        token={token}
        button="Set the password and sign in"
        flash={flash}
        intro={
          <p>
            For <strong safe>{who.name}</strong> at <span safe>{who.company}</span>. The link works once.
          </p>
        }
      />,
      status,
    )
  }

  /** The password pair of a form, or the message saying what is wrong with it (field-named). */
  const passwordOf = (form: URLSearchParams): { password: string } | { error: string } => {
    const password = form.get('password') ?? ''
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH)
      return { error: `password: use ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters.` }
    if (password !== form.get('confirm')) return { error: 'confirm: the two passwords are not the same.' }
    return { password }
  }

  app
    .get(
      '/account/reset',
      ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        return html(req, <ResetRequestPage csrf={csrfTokenOf(req)} />)
      },
      { detail: { hide: true } },
    )
    .post(
      '/account/reset',
      async ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        const form = await readForm(request)
        if (!csrfOk(req, form)) return forbidden(req)
        const email = (form.get('email') ?? '').trim().slice(0, 254)
        if (throttle.retryAfter(`reset:${email.toLowerCase()}`, null, req.now) > 0) return html(req, <ResetRequestPage csrf={csrfTokenOf(req)} sent />)
        throttle.fail(`reset:${email.toLowerCase()}`, null, req.now)
        try {
          await invoke(requestPasswordReset, anonymousCtx(rt, req), { email })
        } catch (err) {
          if (!(err instanceof DomainError)) throw err
        }
        return html(req, <ResetRequestPage csrf={csrfTokenOf(req)} sent />)
      },
      { parse: 'none', detail: { hide: true } },
    )
    .get(
      SET_PASSWORD_PATH,
      ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        return setPasswordForm(req, req.url.searchParams.get('token') ?? '', null)
      },
      { detail: { hide: true } },
    )
    .post(
      SET_PASSWORD_PATH,
      async ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        const form = await readForm(request)
        if (!csrfOk(req, form)) return forbidden(req)
        const token = form.get('token') ?? ''
        const pw = passwordOf(form)
        if ('error' in pw) return setPasswordForm(req, token, { kind: 'error', text: pw.error }, 400)
        try {
          const done = await invoke(setPasswordWithLink, anonymousCtx(rt, req), { token, password: pw.password })
          const tenant = findTenantCtx(rt.db, usableTenantIdOf(rt, done.tenant))
          if (!tenant) return redirect(req, '/signin')
          return startSession(req, tenant.id, done.user_id, '/')
        } catch (err) {
          if (!(err instanceof DomainError)) throw err
          return setPasswordForm(req, token, { kind: 'error', text: err.message }, err.status)
        }
      },
      { parse: 'none', detail: { hide: true } },
    )
    .get(
      INVITATION_PAGE_PATH,
      ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        return invitationForm(req, req.url.searchParams.get('token') ?? '', null)
      },
      { detail: { hide: true } },
    )
    .post(
      INVITATION_PAGE_PATH,
      async ({ request, set, server }) => {
        const req = requestOf({ request, set, server })
        const form = await readForm(request)
        if (!csrfOk(req, form)) return forbidden(req)
        const token = form.get('token') ?? ''
        const pw = passwordOf(form)
        if ('error' in pw) return invitationForm(req, token, { kind: 'error', text: pw.error }, 400)
        try {
          previewInvitation(rt.db, token, req.now)
          const done = await invoke(acceptInvitation, anonymousCtx(rt, req), { token })
          const tenantId = usableTenantIdOf(rt, done.tenant)
          const tenant = findTenantCtx(rt.db, tenantId)!
          await savePassword({ tenant, db: rt.db, now: req.now }, done.user_id, pw.password)
          startSession(req, tenant.id, done.user_id, '/today')
          // Signed in already; the key for the desktop agent, mobile app or an AI assistant is shown once.
          return html(req, <WelcomePage csrf={csrfTokenOf(req)} name={done.name} company={tenant.name} publicUrl={rt.config.publicUrl} apiKey={done.key} />)
        } catch (err) {
          if (!(err instanceof DomainError)) throw err
          return invitationForm(req, token, { kind: 'error', text: err.message }, err.status)
        }
      },
      { parse: 'none', detail: { hide: true } },
    )

  function invitationForm(req: ConsoleRequest, token: string, flash: Flash | null, status = 200) {
    let preview: ReturnType<typeof previewInvitation>
    try {
      if (token.length < 16 || token.length > 200) throw new DomainError('not_found', 'This invitation link is not valid.')
      preview = previewInvitation(rt.db, token, req.now)
    } catch (err) {
      if (!(err instanceof DomainError)) throw err
      return html(
        req,
        <MessagePage
          csrf={csrfTokenOf(req)}
          title="This invitation cannot be accepted"
          text={`${err.message} Check that you opened the link of the latest invitation e-mail, or ask your administrator to invite you again.`}
          link={{ href: '/signin', label: 'Sign in' }}
        />,
        err.status,
      )
    }
    return html(
      req,
      <SetPasswordPage
        csrf={csrfTokenOf(req)}
        title={`Join ${preview.company}`}
        action={INVITATION_PAGE_PATH}
        token={token}
        button={`Join ${preview.company}`}
        flash={flash}
        intro={
          <p>
            You were invited to <strong safe>{preview.company}</strong> as <strong safe>{preview.email}</strong>. Choose the password you will sign in with. The
            invitation works until <span safe>{preview.expires_at}</span> (UTC).
          </p>
        }
      />,
      status,
    )
  }

  // ---- the pages of signed-in people, from the registry ----
  for (const page of CONSOLE_PAGES) {
    app
      .get(
        page.path,
        async ({ request, set, server }) => {
          const req = requestOf({ request, set, server })
          if (!req.signedIn) return needSignIn(req)
          const sreq = signedInRequest({ ...req, signedIn: req.signedIn })
          if (page.download && roleAtLeast(sreq.signedIn.user.role, page.role)) {
            const file = await page.download(sreq).catch((err) => {
              if (err instanceof DomainError) return null // rendered below, where the page shows the refusal
              throw err
            })
            if (file) {
              file.headers.set('server-timing', serverTiming(sreq))
              return file
            }
          }
          return renderPage(sreq, page, null)
        },
        { detail: { hide: true } },
      )
      .post(
        page.path,
        async ({ request, set, server }) => {
          const req = requestOf({ request, set, server })
          const form = await readForm(request)
          if (!req.signedIn) return needSignIn(req)
          if (!csrfOk(req, form)) return forbidden(req)
          const sreq = signedInRequest({ ...req, signedIn: req.signedIn })
          if (!roleAtLeast(sreq.signedIn.user.role, page.role)) return renderPage(sreq, page, null)
          const action = page.actions?.[form.get('_action') ?? '']
          if (!action) return renderPage(sreq, page, { kind: 'error', text: 'Unknown action.', status: 400 })
          const flash = await action(sreq, form)
          // The action may have ended this very session (sign out everywhere): back to sign-in.
          const still = consoleRequest(rt, request, req.requestId, req.ip)
          if (!still.signedIn) {
            req.cookies.push(clearSessionCookie(req))
            return redirect(req, '/signin')
          }
          return renderPage(signedInRequest({ ...still, signedIn: still.signedIn }), page, flash)
        },
        { parse: 'none', detail: { hide: true } },
      )
  }
  return app
}

/** The context of a signed-out visitor: public operations only (reset link, invitation). */
function anonymousCtx(rt: Runtime, req: ConsoleRequest) {
  return {
    tenant: null,
    actor: { kind: 'anonymous' as const, userId: null },
    db: rt.db,
    now: req.now,
    requestId: req.requestId,
    surface: 'client' as const,
    config: rt.config,
    log: rt.log,
    secrets: rt.secrets,
  }
}

function usableTenantIdOf(rt: Runtime, readableId: string): number {
  const row = findTenantByReference(rt.db, readableId)
  if (!row) throw new DomainError('not_found', 'The company no longer exists.')
  return row.id
}
