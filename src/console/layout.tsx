/** @jsxImportSource @kitajs/html */
import { type Children, escapeHtml } from '@kitajs/html'
import { roleAtLeast } from '../kernel/access'
import { ROLE_LABELS } from '../kernel/ctx'
import { type ConsolePage, type Flash, SECTIONS } from './pages'
import { CSRF_FIELD } from './request'

/** Escapes text for HTML: every dynamic text child goes through this or a `safe` element. */
export const e = (s: unknown): string => escapeHtml(String(s ?? ''))

/** The whole HTML document: assets all from this server, no inline script or style (the CSP forbids them). */
export function Document(props: { title: string; csrf: string; children?: Children }): JSX.Element {
  return (
    <>
      {'<!doctype html>'}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <meta name="csrf-token" content={props.csrf} />
          <meta name="htmx-config" content='{"includeIndicatorStyles":false,"responseHandling":[{"code":"204","swap":false},{"code":"...","swap":true}]}' />
          <meta name="theme-color" content="#0b57d0" />
          <title safe>{`${props.title} · Workforce`}</title>
          <link rel="manifest" href="/manifest.webmanifest" />
          <link rel="icon" href="/assets/icon.svg" type="image/svg+xml" />
          <link rel="apple-touch-icon" href="/assets/icon.svg" />
          <link rel="stylesheet" href="/assets/console.css" />
          <script src="/assets/htmx.min.js" defer></script>
          <script src="/assets/console.js" defer></script>
          <link rel="stylesheet" href="/assets/uplot.min.css" />
          <script src="/assets/uplot.min.js" defer></script>
          <script src="/assets/charts.js" defer></script>
        </head>
        <body hx-boost="true">
          <a class="skip-link" href="#main">
            Skip to content
          </a>
          {props.children}
        </body>
      </html>
    </>
  )
}

export const CsrfField = (props: { token: string }): JSX.Element => <input type="hidden" name={CSRF_FIELD} value={props.token} />

export function FlashMessage(props: { flash: Flash | null }): JSX.Element {
  if (!props.flash) return ''
  const role = props.flash.kind === 'error' ? 'alert' : 'status'
  return (
    <div class={`alert ${props.flash.kind}`} role={role} safe>
      {props.flash.text}
    </div>
  )
}

/** A signed-out page (sign-in, reset, set password, invitation): one narrow column. */
export function PublicPage(props: { title: string; csrf: string; flash?: Flash | null; children?: Children }): JSX.Element {
  return (
    <Document title={props.title} csrf={props.csrf}>
      <header class="top">
        <a class="brand" href="/">
          Workforce
        </a>
      </header>
      <main id="main" class="narrow" tabindex="-1">
        <h1 safe>{props.title}</h1>
        <FlashMessage flash={props.flash ?? null} />
        {props.children}
      </main>
    </Document>
  )
}

export interface Viewer {
  name: string
  role: Parameters<typeof roleAtLeast>[0]
  tenantName: string
  readOnly: boolean
  csrf: string
}

/** The signed-in layout: header, navigation by role (only the pages the role may open), main. */
export function AppPage(props: {
  viewer: Viewer
  pages: ConsolePage[]
  current: string
  title: string
  flash?: Flash | null
  children?: Children
}): JSX.Element {
  const { viewer } = props
  const mine = props.pages.filter((p) => p.nav && roleAtLeast(viewer.role, p.role))
  return (
    <Document title={props.title} csrf={viewer.csrf}>
      <header class="top">
        <a class="brand" href="/">
          Workforce
        </a>
        <span class="who">
          <span safe>{viewer.name}</span> · {ROLE_LABELS[viewer.role]} · <span safe>{viewer.tenantName}</span>
        </span>
        <form method="post" action="/signout" hx-push-url="false">
          <CsrfField token={viewer.csrf} />
          <button type="submit" class="secondary">
            Sign out
          </button>
        </form>
      </header>
      <div class="shell">
        <nav class="side" aria-label="Main">
          {SECTIONS.map((section) => {
            const items = mine.filter((p) => p.nav!.section === section)
            if (items.length === 0) return ''
            return (
              <>
                <h2 safe>{section}</h2>
                <ul>
                  {items.map((p) => (
                    <li>
                      <a href={p.path} aria-current={p.path === props.current ? 'page' : undefined} safe>
                        {p.nav!.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            )
          })}
        </nav>
        <main id="main" tabindex="-1">
          {viewer.readOnly ? (
            <p class="alert info" role="note">
              Demo mode: you are looking around as a demo person. Everything is read-only.
            </p>
          ) : (
            ''
          )}
          <h1 safe>{props.title}</h1>
          <FlashMessage flash={props.flash ?? null} />
          {props.children}
        </main>
      </div>
      <footer>Times are shown in the company's time zone.</footer>
    </Document>
  )
}
