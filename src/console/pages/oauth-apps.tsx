/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { listMyOAuthGrants } from '../../modules/oauth/list-my-oauth-grants'
import { revokeMyOAuthGrant } from '../../modules/oauth/revoke-my-oauth-grant'
import { formatDateTime } from '../format'
import { CsrfField } from '../layout'
import { definePage } from '../pages'
import { flashOf } from '../flash'

/** The applications a person connected through OAuth sign-in (docs/oauth.md), each with Disconnect. */
export const oauthAppsPage = definePage({
  path: '/account/applications',
  title: 'Connected applications',
  role: 'employee',
  nav: { section: 'Account', label: 'Connected applications' },
  actions: {
    disconnect: (req, form) =>
      flashOf(revokeMyOAuthGrant, req, { grant_id: form.get('grant_id') ?? '' }, () => 'Disconnected: that application can no longer act as you.'),
  },
  async render(req) {
    const { applications } = await invoke(listMyOAuthGrants, req.ctx, {})
    const csrf = req.signedIn.session.csrfToken
    return (
      <section class="card" aria-labelledby="apps-h">
        <h2 id="apps-h">Applications that act as you</h2>
        {applications.length === 0 ? (
          <p class="muted">No application is connected. AI assistants that support sign-in ask for your consent the first time they connect.</p>
        ) : (
          <ul class="list">
            {applications.map((a) => (
              <li>
                <strong safe>{a.client_name}</strong>
                {a.read_only ? ' (read-only demo)' : ''}
                <br />
                <span class="muted">
                  Connected <span safe>{formatDateTime(req, a.connected_at)}</span>
                  {a.last_used_at ? (
                    <>
                      , last used <span safe>{formatDateTime(req, a.last_used_at)}</span>
                    </>
                  ) : (
                    ''
                  )}
                </span>
                <form method="post" action="/account/applications">
                  <CsrfField token={csrf} />
                  <input type="hidden" name="_action" value="disconnect" />
                  <input type="hidden" name="grant_id" value={a.id} />
                  <button type="submit" class="secondary" aria-label={`Disconnect ${a.client_name}`}>
                    Disconnect
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
    )
  },
})
