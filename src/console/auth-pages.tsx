/** @jsxImportSource @kitajs/html */
import { CsrfField, e, PublicPage } from './layout'
import type { Flash } from './pages'
import { MIN_PASSWORD_LENGTH } from '../modules/accounts/sign-in'

export function SignInPage(props: { csrf: string; email?: string; next?: string; flash?: Flash | null; demo: { name: string } | null }): JSX.Element {
  return (
    <PublicPage title="Sign in" csrf={props.csrf} flash={props.flash ?? null}>
      <form method="post" action="/signin" hx-push-url="false">
        <CsrfField token={props.csrf} />
        <input type="hidden" name="next" value={props.next ?? ''} />
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={props.email ?? ''} autofocus />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <div class="actions">
          <button type="submit">Sign in</button>
        </div>
      </form>
      <p>
        <a href="/account/reset">Forgot your password?</a>
      </p>
      {props.demo ? (
        <section class="card" aria-labelledby="demo-h">
          <h2 id="demo-h">Try the demo</h2>
          <p>
            Look around <span safe>{props.demo.name}</span>, a demo company, without a password. Read-only: nothing you do is saved.
          </p>
          <div class="actions">
            {(['employee', 'manager', 'admin'] as const).map((role) => (
              <form method="post" action="/demo" hx-push-url="false">
                <CsrfField token={props.csrf} />
                <input type="hidden" name="role" value={role} />
                <input type="hidden" name="next" value={props.next ?? ''} />
                <button type="submit" class="secondary">
                  Try as {role === 'employee' ? 'Employee' : role === 'manager' ? 'Manager' : 'Admin'}
                </button>
              </form>
            ))}
          </div>
        </section>
      ) : (
        ''
      )}
    </PublicPage>
  )
}

export function TotpPage(props: { csrf: string; pending: string; flash?: Flash | null }): JSX.Element {
  return (
    <PublicPage title="Two-factor code" csrf={props.csrf} flash={props.flash ?? null}>
      <form method="post" action="/signin/code" hx-push-url="false">
        <CsrfField token={props.csrf} />
        <input type="hidden" name="pending" value={props.pending} />
        <label for="code">6-digit code from your authenticator app</label>
        <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus />
        <div class="actions">
          <button type="submit">Verify</button>
        </div>
      </form>
    </PublicPage>
  )
}

export function ResetRequestPage(props: { csrf: string; flash?: Flash | null; sent?: boolean }): JSX.Element {
  return (
    <PublicPage title="Reset your password" csrf={props.csrf} flash={props.flash ?? null}>
      {props.sent ? (
        <p>If an account has that e-mail address, a link to set a new password is on its way. It works once, for one hour.</p>
      ) : (
        <form method="post" action="/account/reset" hx-push-url="false">
          <CsrfField token={props.csrf} />
          <p>Enter the e-mail address you sign in with; we send a link to set a new password.</p>
          <label for="email">E-mail</label>
          <input id="email" name="email" type="email" autocomplete="username" required />
          <div class="actions">
            <button type="submit">Send the link</button>
          </div>
        </form>
      )}
      <p>
        <a href="/signin">Back to sign-in</a>
      </p>
    </PublicPage>
  )
}

/** Setting a password: from a reset or setup link, or accepting an invitation (the action differs). */
export function SetPasswordPage(props: {
  csrf: string
  title: string
  action: string
  token: string
  intro: JSX.Element
  button: string
  flash?: Flash | null
}): JSX.Element {
  return (
    <PublicPage title={props.title} csrf={props.csrf} flash={props.flash ?? null}>
      {props.intro}
      <form method="post" action={props.action} hx-push-url="false">
        <CsrfField token={props.csrf} />
        <input type="hidden" name="token" value={props.token} />
        <label for="password">New password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="new-password"
          minlength={String(MIN_PASSWORD_LENGTH)}
          required
          aria-describedby="password-help"
        />
        <p id="password-help" class="muted">
          At least {MIN_PASSWORD_LENGTH} characters. A long phrase is easier to remember and harder to guess.
        </p>
        <label for="confirm">Repeat the password</label>
        <input id="confirm" name="confirm" type="password" autocomplete="new-password" required />
        <div class="actions">
          <button type="submit" safe>
            {props.button}
          </button>
        </div>
      </form>
    </PublicPage>
  )
}

export function MessagePage(props: { csrf: string; title: string; text: string; link?: { href: string; label: string } }): JSX.Element {
  return (
    <PublicPage title={props.title} csrf={props.csrf}>
      <p safe>{props.text}</p>
      {props.link ? (
        <p>
          <a href={props.link.href}>{e(props.link.label)}</a>
        </p>
      ) : (
        ''
      )}
    </PublicPage>
  )
}

/** After accepting an invitation: signed in, and the personal key for the apps, shown once. */
export function WelcomePage(props: { csrf: string; name: string; company: string; publicUrl: string; apiKey: string }): JSX.Element {
  const base = props.publicUrl.replace(/\/+$/, '')
  return (
    <PublicPage title={`Welcome to ${props.company}`} csrf={props.csrf}>
      <p>
        Welcome, <span safe>{props.name}</span>. Your password is set and you are signed in.
      </p>
      <p>
        <a class="button" href="/today">
          Go to Today
        </a>
      </p>
      <h2>Your key for the apps</h2>
      <p>
        The desktop agent, the mobile app and AI assistants (MCP clients) use a personal key instead of your password. It is shown only once: copy it now if you
        will use one of them, and keep it like a password.
      </p>
      <code class="key" safe>
        {props.apiKey}
      </code>
      <p class="muted">
        Server address: <span safe>{base}</span> · MCP endpoint: <span safe>{`${base}/api/mcp/v1`}</span>
      </p>
    </PublicPage>
  )
}
