/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { createKey } from '../../modules/api-keys/create-key'
import { listKeys } from '../../modules/api-keys/list-keys'
import { revokeKey } from '../../modules/api-keys/revoke-key'
import { ROLE_LABELS } from '../../kernel/ctx'
import { Table } from '../components/table'
import { formatDateTime } from '../format'
import { CsrfField } from '../layout'
import { definePage } from '../pages'
import { attempt, field, invokeChecked, OneTimeSecret } from './integrations-common'

const KIND_LABEL = { api: 'REST token', live: 'MCP key', demo: 'Demo key' } as const
const SCOPE_LABEL = { read: 'read only', read_write: 'read and write' } as const

/** A date-time field (`datetime-local`, the tenant's zone is not known to the browser) as an ISO instant, read as UTC. */
const expiryOf = (v: string | undefined): string | undefined => (v ? (/Z$|[+-]\d\d:\d\d$/.test(v) ? v : `${v.length === 16 ? `${v}:00` : v}Z`) : undefined)

export const integrationsKeysPage = definePage({
  path: '/admin/keys',
  title: 'API keys and REST tokens',
  role: 'admin',
  nav: { section: 'Admin', label: 'API keys' },
  actions: {
    create: (req, form) =>
      attempt(async () => {
        const r = await invokeChecked(createKey, req, {
          kind: field(form, 'kind') ?? 'api',
          name: field(form, 'name') ?? '',
          ...(field(form, 'role') ? { role: field(form, 'role') } : {}),
          ...(field(form, 'scope') ? { scope: field(form, 'scope') } : {}),
          ...(field(form, 'expires_at') ? { expires_at: expiryOf(field(form, 'expires_at')) } : {}),
        })
        return {
          kind: 'ok',
          text: `${KIND_LABEL[r.api_key.kind]} "${r.api_key.name}" created (${r.api_key.display_prefix}…).`,
          secret: { label: `The new ${KIND_LABEL[r.api_key.kind]}`, value: r.key, note: 'Only its hash is stored, so nobody can show it again.' },
        }
      }),
    revoke: (req, form) =>
      attempt(async () => {
        const r = await invokeChecked(revokeKey, req, { key_id: field(form, 'key_id') ?? '' })
        return { kind: 'ok', text: `"${r.api_key.name}" (${r.api_key.display_prefix}…) is revoked: it is refused from the next request on.` }
      }),
  },
  async render(req, flash) {
    const { keys } = await invoke(listKeys, req.ctx, {})
    const csrf = req.signedIn.session.csrfToken
    return (
      <>
        <OneTimeSecret flash={flash} />
        <section class="card" aria-labelledby="new-key-h">
          <h2 id="new-key-h">New key</h2>
          <p class="muted">
            A REST token (<code>wf_api_…</code>) calls <code>/api/v1</code> with <code>Authorization: Bearer …</code>; an MCP key connects an AI client. The key
            is shown once, right after it is created.
          </p>
          <form method="post" action="/admin/keys" hx-push-url="false" class="integrations-form">
            <CsrfField token={csrf} />
            <input type="hidden" name="_action" value="create" />
            <label>
              Name
              <input type="text" name="name" required maxlength="100" autocomplete="off" />
            </label>
            <label>
              Kind
              <select name="kind">
                <option value="api">REST token (wf_api_)</option>
                <option value="live">MCP key (wf_live_)</option>
                {req.signedIn.tenant.isDemo ? <option value="demo">Demo key (wf_demo_)</option> : ''}
              </select>
            </label>
            <label>
              Role
              <select name="role">
                {(['admin', 'manager', 'employee'] as const).map((r) => (
                  <option value={r}>{ROLE_LABELS[r]}</option>
                ))}
              </select>
            </label>
            <label>
              Scope
              <select name="scope">
                <option value="read_write">Read and write</option>
                <option value="read">Read only</option>
              </select>
            </label>
            <label>
              Expires (UTC, optional)
              <input type="datetime-local" name="expires_at" />
            </label>
            <div class="actions">
              <button type="submit">Create key</button>
            </div>
          </form>
        </section>
        <section class="card" aria-labelledby="keys-h">
          <h2 id="keys-h">Keys of the company</h2>
          <Table
            rows={keys}
            class="integrations-table"
            label="Keys (scrolls sideways on a narrow screen)"
            rowAttrs={(k) => ({ 'data-key-id': k.id })}
            columns={[
              { header: 'Name', text: (k) => k.name },
              { header: 'Prefix', cell: (k) => <code safe>{`${k.display_prefix}…`}</code> },
              { header: 'Kind', text: (k) => KIND_LABEL[k.kind] },
              { header: 'Role and scope', text: (k) => `${ROLE_LABELS[k.role]}, ${SCOPE_LABEL[k.scope]}${k.user_id ? ' (a person’s key)' : ''}` },
              { header: 'Last used', text: (k) => (k.last_used_at ? formatDateTime(req, k.last_used_at) : 'never') },
              { header: 'Expires', text: (k) => (k.expires_at ? formatDateTime(req, k.expires_at) : 'never') },
              { header: 'Status', cell: (k) => (k.revoked_at ? <span class="badge">Revoked</span> : <span class="badge working">Active</span>) },
              {
                header: 'Action',
                srOnly: true,
                cell: (k) =>
                  k.revoked_at || k.is_public_demo ? (
                    ''
                  ) : (
                    <form method="post" action="/admin/keys" hx-push-url="false">
                      <CsrfField token={csrf} />
                      <input type="hidden" name="_action" value="revoke" />
                      <input type="hidden" name="key_id" value={k.id} />
                      <button type="submit" class="danger" aria-label={`Revoke ${k.name} (${k.display_prefix}…)`}>
                        Revoke
                      </button>
                    </form>
                  ),
              },
            ]}
          />
        </section>
      </>
    )
  },
})
