/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { listOAuthGrants } from '../../modules/oauth/list-oauth-grants'
import { revokeOAuthGrant } from '../../modules/oauth/revoke-oauth-grant'
import { formatDateTime } from '../format'
import { CsrfField } from '../layout'
import { definePage } from '../pages'
import { flashOf } from '../flash'

const PATH = '/admin/applications'

/** The company's connected applications (OAuth grants of every person, docs/oauth.md), each with Disconnect. */
export const oauthAdminPage = definePage({
  path: PATH,
  title: 'Connected applications of the company',
  role: 'admin',
  nav: { section: 'Admin', label: 'Connected applications' },
  actions: {
    disconnect: (req, form) =>
      flashOf(revokeOAuthGrant, req, { grant_id: form.get('grant_id') ?? '' }, () => 'Disconnected: that application can no longer act for that person.'),
  },
  async render(req) {
    const { applications } = await invoke(listOAuthGrants, req.ctx, {})
    const csrf = req.signedIn.session.csrfToken
    return (
      <section class="card" aria-labelledby="org-apps-h">
        <h2 id="org-apps-h">Applications acting for people of the company</h2>
        <p class="muted">
          AI assistants and MCP clients people allowed with OAuth sign-in. Each acts with its person's role; disconnecting stops its very next call.
        </p>
        {applications.length === 0 ? (
          <p class="muted">No application is connected.</p>
        ) : (
          <section class="table-wrap" tabindex="0" aria-label="Connected applications (scrolls sideways on a narrow screen)">
            <table>
              <thead>
                <tr>
                  <th scope="col">Application</th>
                  <th scope="col">Acts as</th>
                  <th scope="col">Connected</th>
                  <th scope="col">Last used</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {applications.map((a) => (
                  <tr>
                    <td>
                      <strong safe>{a.client_name}</strong>
                      {a.read_only ? ' (read-only demo)' : ''}
                    </td>
                    <td>
                      <span safe>{a.user_name}</span>
                      <br />
                      <span class="muted" safe>
                        {a.user_email}
                      </span>
                    </td>
                    <td safe>{formatDateTime(req, a.connected_at)}</td>
                    <td safe>{a.last_used_at ? formatDateTime(req, a.last_used_at) : 'never'}</td>
                    <td>
                      <form method="post" action={PATH}>
                        <CsrfField token={csrf} />
                        <input type="hidden" name="_action" value="disconnect" />
                        <input type="hidden" name="grant_id" value={a.id} />
                        <button type="submit" class="secondary" aria-label={`Disconnect ${a.client_name} of ${a.user_name}`}>
                          Disconnect
                        </button>
                      </form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </section>
    )
  },
})
