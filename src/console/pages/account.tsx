/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { listMySessions } from '../../modules/accounts/list-my-sessions'
import { revokeAllMySessions, revokeMySession } from '../../modules/accounts/revoke-my-sessions'
import { formatDateTime } from '../format'
import { CsrfField } from '../layout'
import { definePage } from '../pages'
import { flashOf } from '../flash'

/** A short, readable name of a browser from its user agent (the full one is in the title attribute). */
const browserOf = (ua: string | null): string => {
  if (!ua) return 'Unknown browser'
  const name = /Edg\//.test(ua) ? 'Edge' : /Chrome\//.test(ua) ? 'Chrome' : /Firefox\//.test(ua) ? 'Firefox' : /Safari\//.test(ua) ? 'Safari' : 'Browser'
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : ''
  return os ? `${name} on ${os}` : name
}

export const accountPage = definePage({
  path: '/account',
  title: 'Your account',
  role: 'employee',
  nav: { section: 'Account', label: 'Account and sessions' },
  actions: {
    revoke: (req, form) => flashOf(revokeMySession, req, { session_id: form.get('session_id') ?? '' }, () => 'That session is signed out.'),
    revoke_all: (req) => flashOf(revokeAllMySessions, req, {}, () => 'Signed out everywhere.'),
  },
  async render(req) {
    const { sessions } = await invoke(listMySessions, req.ctx, {})
    const csrf = req.signedIn.session.csrfToken
    const { user } = req.signedIn
    return (
      <>
        <section class="card" aria-labelledby="me-h">
          <h2 id="me-h">You</h2>
          <p>
            <strong safe>{user.name}</strong> · <span safe>{user.email}</span>
          </p>
          <p class="muted">Two-factor authentication is {user.twoFactorEnabledAt ? 'on: signing in asks for a code from your authenticator app.' : 'off.'}</p>
        </section>
        <section class="card" aria-labelledby="sessions-h">
          <h2 id="sessions-h">Where you are signed in</h2>
          <section class="table-wrap" tabindex="0" aria-labelledby="sessions-h">
            <table>
              <thead>
                <tr>
                  <th scope="col">Browser</th>
                  <th scope="col">Address</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">
                    <span class="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((s) => (
                  <tr data-session-id={s.id}>
                    <td title={s.user_agent ?? ''}>
                      <span safe>{browserOf(s.user_agent)}</span>
                      {s.current ? <strong> (this browser)</strong> : ''}
                    </td>
                    <td safe>{s.ip_address ?? '—'}</td>
                    <td safe>{formatDateTime(req, s.created_at)}</td>
                    <td safe>{formatDateTime(req, s.last_seen_at)}</td>
                    <td>
                      {s.current ? (
                        ''
                      ) : (
                        <form method="post" action="/account" hx-push-url="false">
                          <CsrfField token={csrf} />
                          <input type="hidden" name="_action" value="revoke" />
                          <input type="hidden" name="session_id" value={s.id} />
                          <button
                            type="submit"
                            class="secondary"
                            aria-label={`Sign out ${browserOf(s.user_agent)}, signed in ${formatDateTime(req, s.created_at)}`}
                          >
                            Sign out
                          </button>
                        </form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <form method="post" action="/account" hx-push-url="false" class="actions">
            <CsrfField token={csrf} />
            <input type="hidden" name="_action" value="revoke_all" />
            <button type="submit" class="danger">
              Sign out everywhere
            </button>
          </form>
        </section>
      </>
    )
  },
})
