/** @jsxImportSource @kitajs/html */
import { ROLE_LABELS } from '../../kernel/ctx'
import { findPending, SCOPE_DESCRIPTIONS } from '../../modules/oauth/authorization'
import { CsrfField } from '../layout'
import { definePage } from '../pages'

/** Where the consent form posts (src/surfaces/oauth.ts): the answer sends the browser back to the client. */
export const OAUTH_DECISION_PATH = '/oauth/decision'
export const OAUTH_CONSENT_PATH = '/oauth/consent'

/**
 * The OAuth consent page: which program asks, for which company, acting with which role, and what it
 * may do. The authorization endpoint checked the request and sent the browser here (through sign-in
 * when needed); "Allow" and "Deny" post to the decision endpoint with the session's CSRF token.
 * Not in the navigation: one opens it only from a client's sign-in.
 */
export const oauthConsentPage = definePage({
  path: OAUTH_CONSENT_PATH,
  title: 'Connect an application',
  role: 'employee',
  render(req) {
    const id = req.url.searchParams.get('request') ?? ''
    const p = findPending(id, req.now)
    if (!p) {
      return (
        <section class="card" aria-labelledby="oauth-h">
          <h2 id="oauth-h">This sign-in request has expired</h2>
          <p>Go back to the application and connect again. A request waits 10 minutes for your answer and works once.</p>
        </section>
      )
    }
    const { tenant, user, session } = req.signedIn
    const readOnly = session.readOnly || tenant.isDemo
    return (
      <section class="card" aria-labelledby="oauth-h">
        <h2 id="oauth-h">
          Allow <span safe>{p.client.name}</span> to use workforce as you?
        </h2>
        <dl>
          <dt>Application</dt>
          <dd>
            <strong safe>{p.client.name}</strong>
            {p.client.uri ? (
              <>
                {' '}
                (<span safe>{p.client.uri}</span>)
              </>
            ) : (
              ''
            )}
          </dd>
          <dt>Client ID</dt>
          <dd>
            <code safe>{p.client.clientId}</code>
          </dd>
          <dt>Returns to</dt>
          <dd>
            <code safe>{new URL(p.redirectUri).origin}</code>
          </dd>
          <dt>Company</dt>
          <dd safe>{tenant.name}</dd>
          <dt>Acts as</dt>
          <dd>
            <span safe>{user.name}</span> (<span safe>{user.email}</span>), with your role <strong safe>{ROLE_LABELS[user.role]}</strong>
            {readOnly ? ', read-only (demo)' : ''}
          </dd>
          <dt>Permissions</dt>
          <dd>
            <ul>
              {p.scope.split(' ').map((s) => (
                <li>
                  <code safe>{s}</code>: <span safe>{SCOPE_DESCRIPTIONS[s] ?? s}</span>
                </li>
              ))}
            </ul>
          </dd>
        </dl>
        <p class="muted">You can disconnect it at any time; its access then stops at once.</p>
        <form method="post" action={OAUTH_DECISION_PATH} class="actions">
          <CsrfField token={session.csrfToken} />
          <input type="hidden" name="request" value={p.id} />
          <button type="submit" name="decision" value="allow">
            Allow
          </button>
          <button type="submit" name="decision" value="deny" class="secondary">
            Deny
          </button>
        </form>
      </section>
    )
  },
})
