import { timingSafeEqual } from 'node:crypto'
import type { Ctx } from '../kernel/ctx'
import { turnSnapshotMark } from '../kernel/turn-snapshot'
import { authenticateSession, randomToken, SESSION_COOKIE, SESSION_TTL_MS, type SignedIn } from '../modules/accounts/sessions'
import { findTenantById } from '../modules/tenants/queries'
import type { PayPeriod } from '../modules/tenants/schema'
import type { Runtime } from '../runtime'

/** The cookie of anonymous forms (sign-in, reset, set password): double-submit CSRF before a session exists. */
export const PRE_CSRF_COOKIE = 'wf_csrf'
/** Field and header names of the CSRF token. */
export const CSRF_FIELD = '_csrf'
export const CSRF_HEADER = 'x-csrf-token'

/** One console request: who is signed in (if anyone), how to format for them, what they sent. */
export interface ConsoleRequest {
  rt: Runtime
  request: Request
  url: URL
  requestId: string
  ip: string | null
  now: number
  /** Sent over TLS (directly, or the operator's public URL is https): cookies get Secure. */
  secure: boolean
  /** An htmx request (HX-Request header): answer with the page, htmx swaps its body. */
  htmx: boolean
  signedIn: SignedIn | null
  /** The anonymous CSRF cookie's value (set on the response when new). */
  preCsrf: string
  preCsrfIsNew: boolean
  /** Set-Cookie headers to add to the response. */
  cookies: string[]
  /** performance.now() when the request reached the console, and the page's own time: the Server-Timing header. */
  started: number
  timing: { page?: number }
}

export interface SignedInRequest extends ConsoleRequest {
  signedIn: SignedIn
  /** The operation context of the signed-in person: pages call operations through invoke with it. */
  ctx: Ctx
  /** The tenant's time zone and locale, for every date and number shown. */
  timezone: string
  locale: string
  /** First day of the week, ISO weekday (tenants.week_start). */
  weekStart: number
  /** The company's pay-period rule (tenants.pay_period, pay_period_anchor), for default periods. */
  payPeriod: { payPeriod: PayPeriod; payPeriodAnchor: string | null; weekStart: number }
}

export function parseCookies(header: string | null): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=')
    if (i > 0) out.set(part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim()))
  }
  return out
}

export function cookie(name: string, value: string, opts: { secure: boolean; maxAgeSeconds?: number; sameSite?: 'Lax' | 'Strict' }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', `SameSite=${opts.sameSite ?? 'Lax'}`]
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`)
  if (opts.secure) parts.push('Secure')
  return parts.join('; ')
}

export function consoleRequest(rt: Runtime, request: Request, requestId: string, ip: string | null): ConsoleRequest {
  const started = performance.now()
  const url = new URL(request.url)
  const now = Date.now()
  const cookies = parseCookies(request.headers.get('cookie'))
  const token = cookies.get(SESSION_COOKIE)
  const signedIn = token ? authenticateSession(rt.db, token, now) : null
  const existing = cookies.get(PRE_CSRF_COOKIE)
  const preCsrf = existing && /^[\w-]{40,60}$/.test(existing) ? existing : randomToken()
  const secure = url.protocol === 'https:' || rt.config.publicUrl.startsWith('https:')
  const req: ConsoleRequest = {
    rt,
    request,
    url,
    requestId,
    ip,
    now,
    secure,
    htmx: request.headers.get('hx-request') === 'true',
    signedIn,
    preCsrf,
    preCsrfIsNew: preCsrf !== existing,
    cookies: [],
    started,
    timing: {},
  }
  // A cookie naming an ended session is cleared, so the browser stops sending it.
  if (token && !signedIn) req.cookies.push(cookie(SESSION_COOKIE, '', { secure, maxAgeSeconds: 0 }))
  return req
}

/** The request as a signed-in person's: their operation context, their tenant's zone and locale. */
export function signedInRequest(req: ConsoleRequest & { signedIn: SignedIn }): SignedInRequest {
  const { rt, signedIn } = req
  const row = findTenantById(rt.db, signedIn.tenant.id)
  const ctx: Ctx = {
    tenant: signedIn.tenant,
    actor: signedIn.actor,
    db: rt.db,
    // The page's reads may share their turn's read snapshot (kernel/turn-snapshot.ts).
    readMark: turnSnapshotMark(rt.handle.sqlite),
    now: req.now,
    requestId: req.requestId,
    // The console is a first-party client app: the client API's rules apply (clock-in source "client").
    surface: 'client',
    config: rt.config,
    log: rt.log,
    secrets: rt.secrets,
  }
  const weekStart = row?.weekStart ?? 1
  return {
    ...req,
    ctx,
    timezone: row?.timezone ?? signedIn.tenant.timezone,
    locale: row?.locale ?? 'en-US',
    weekStart,
    payPeriod: { payPeriod: row?.payPeriod ?? 'weekly', payPeriodAnchor: row?.payPeriodAnchor ?? null, weekStart },
  }
}

/** The session cookie of a new session. */
export const sessionCookie = (req: ConsoleRequest, token: string): string =>
  cookie(SESSION_COOKIE, token, { secure: req.secure, maxAgeSeconds: Math.floor(SESSION_TTL_MS / 1000) })

export const clearSessionCookie = (req: ConsoleRequest): string => cookie(SESSION_COOKIE, '', { secure: req.secure, maxAgeSeconds: 0 })

const same = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The CSRF token forms of this request must carry: the session's (synchronizer), else the anonymous cookie's (double submit). */
export const csrfTokenOf = (req: ConsoleRequest): string => req.signedIn?.session.csrfToken ?? req.preCsrf

/**
 * Whether a POST carries the right CSRF token, in the form field or the X-CSRF-Token header (htmx).
 * Signed in: the session's own token. Anonymous: the value of the wf_csrf cookie the form page set
 * (a new cookie never matches: a cross-site form cannot read or set it).
 */
export function csrfOk(req: ConsoleRequest, form: URLSearchParams): boolean {
  const sent = form.get(CSRF_FIELD) ?? req.request.headers.get(CSRF_HEADER) ?? ''
  if (!sent) return false
  if (req.signedIn) return same(sent, req.signedIn.session.csrfToken)
  return !req.preCsrfIsNew && same(sent, req.preCsrf)
}

/**
 * The Server-Timing header of a console response (read by bench:console and a browser's devtools):
 * `total` the server's time from reaching the console to the response, `page` the time of the
 * page's render (its operations and the markup), when a page rendered.
 */
export function serverTiming(req: ConsoleRequest): string {
  const ms = (n: number) => n.toFixed(1)
  const parts = [`total;dur=${ms(performance.now() - req.started)};desc="console"`]
  if (req.timing.page !== undefined) parts.push(`page;dur=${ms(req.timing.page)};desc="operations and markup"`)
  return parts.join(', ')
}
