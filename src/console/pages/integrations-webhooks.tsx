/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { disableSubscription } from '../../modules/webhooks/disable-subscription'
import { enableSubscription } from '../../modules/webhooks/enable-subscription'
import { getSubscription } from '../../modules/webhooks/get-subscription'
import { listDeliveries } from '../../modules/webhooks/list-deliveries'
import { listEventTypes } from '../../modules/webhooks/list-event-types'
import { listSubscriptions } from '../../modules/webhooks/list-subscriptions'
import { resendDelivery } from '../../modules/webhooks/resend-delivery'
import { rotateSecret } from '../../modules/webhooks/rotate-secret'
import { sendTestEvent } from '../../modules/webhooks/send-test-event'
import { subscribe } from '../../modules/webhooks/subscribe'
import { Table } from '../components/table'
import { formatDateTime } from '../format'
import { CsrfField } from '../layout'
import { definePage } from '../pages'
import type { SignedInRequest } from '../request'
import { attempt, field, invokeChecked, OneTimeSecret } from './integrations-common'

const PATH = '/admin/webhooks'
const SECRET_NOTE = 'Receivers verify every delivery with it; store it where your endpoint reads it.'
const detailUrl = (id: string) => `${PATH}?subscription=${encodeURIComponent(id)}`

/** "a, b.*" or one per line → the selection; empty → the default selection (null). */
const eventsOf = (v: string | undefined): string[] | null => {
  const names = (v ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean)
  return names.length ? names : null
}

const statusText = (d: { status: string; response_status: number | null }) => `${d.status}${d.response_status !== null ? ` (HTTP ${d.response_status})` : ''}`

function Hidden(props: { action: string; csrf: string; subscription?: string }): JSX.Element {
  return (
    <>
      <CsrfField token={props.csrf} />
      <input type="hidden" name="_action" value={props.action} />
      {props.subscription ? <input type="hidden" name="subscription_id" value={props.subscription} /> : ''}
    </>
  )
}

async function listView(req: SignedInRequest): Promise<JSX.Element> {
  const subs = await invoke(listSubscriptions, req.ctx, { page: 1, page_size: 100 })
  const catalogue = await invoke(listEventTypes, req.ctx, {})
  const csrf = req.signedIn.session.csrfToken
  return (
    <>
      <section class="card" aria-labelledby="new-sub-h">
        <h2 id="new-sub-h">New subscription</h2>
        <form method="post" action={PATH} hx-push-url="false" class="integrations-form">
          <Hidden action="subscribe" csrf={csrf} />
          <label>
            Endpoint URL
            <input type="url" name="url" required maxlength="2048" placeholder="https://example.com/hooks/workforce" autocomplete="off" />
          </label>
          <label>
            Events (names or group.*, separated by commas; empty for the default selection)
            <input type="text" name="events" autocomplete="off" aria-describedby="events-help" />
          </label>
          <p id="events-help" class="muted" safe>
            {catalogue.selection_rules}
          </p>
          <label>
            Description (optional)
            <input type="text" name="description" maxlength="500" autocomplete="off" />
          </label>
          <div class="actions">
            <button type="submit">Subscribe</button>
          </div>
        </form>
        <details>
          <summary>The {catalogue.events.length} events</summary>
          <ul class="integrations-events">
            {catalogue.events.map((ev) => (
              <li>
                <code safe>{ev.name}</code>
                {ev.high_frequency ? ' (high frequency)' : ''}: <span safe>{ev.description}</span>
              </li>
            ))}
          </ul>
        </details>
      </section>
      <section class="card" aria-labelledby="subs-h">
        <h2 id="subs-h">Subscriptions</h2>
        <Table
          rows={subs.data}
          class="integrations-table"
          label="Subscriptions (scrolls sideways on a narrow screen)"
          empty="No subscription yet."
          rowAttrs={(s) => ({ 'data-subscription-id': s.id })}
          columns={[
            {
              header: 'Endpoint',
              class: 'integrations-wrap',
              cell: (s) => (
                <>
                  <a href={detailUrl(s.id)} safe>
                    {s.url}
                  </a>
                  {s.description ? (
                    <div class="muted" safe>
                      {s.description}
                    </div>
                  ) : (
                    ''
                  )}
                </>
              ),
            },
            { header: 'Events', text: (s) => (s.events ? s.events.join(', ') : `default (${s.selected_events.length})`) },
            { header: 'Status', cell: (s) => (s.status === 'active' ? <span class="badge working">Active</span> : <span class="badge">Disabled</span>) },
            { header: 'Created', text: (s) => formatDateTime(req, s.created_at) },
          ]}
        />
      </section>
    </>
  )
}

async function detailView(req: SignedInRequest, id: string): Promise<JSX.Element> {
  const sub = await invokeChecked(getSubscription, req, { subscription_id: id })
  const deliveries = await invoke(listDeliveries, req.ctx, { subscription_id: sub.id, page: 1, page_size: 50 })
  const csrf = req.signedIn.session.csrfToken
  const here = detailUrl(sub.id)
  const button = (action: string, label: string, cls?: string) => (
    <form method="post" action={here} hx-push-url="false">
      <Hidden action={action} csrf={csrf} subscription={sub.id} />
      <button type="submit" class={cls}>
        {label}
      </button>
    </form>
  )
  return (
    <>
      <p>
        <a href={PATH}>All subscriptions</a>
      </p>
      <section class="card" aria-labelledby="sub-h">
        <h2 id="sub-h" class="integrations-wrap" safe>
          {sub.url}
        </h2>
        <dl class="integrations-facts">
          <dt>Status</dt>
          <dd>
            {sub.status === 'active' ? <span class="badge working">Active</span> : <span class="badge">Disabled</span>}
            {sub.disabled_reason ? <span safe>{` ${sub.disabled_reason}`}</span> : ''}
          </dd>
          <dt>Events</dt>
          <dd safe>{sub.events ? sub.events.join(', ') : `the default selection: ${sub.selected_events.join(', ')}`}</dd>
          <dt>Failing since</dt>
          <dd safe>{sub.failing_since ? formatDateTime(req, sub.failing_since) : '—'}</dd>
          <dt>Created</dt>
          <dd safe>{formatDateTime(req, sub.created_at)}</dd>
        </dl>
        <div class="actions">
          {sub.status === 'active' ? button('test', 'Send a test event') : ''}
          {button('rotate', 'Rotate the signing secret', 'secondary')}
          {sub.status === 'active' ? button('disable', 'Disable', 'danger') : button('enable', 'Enable')}
        </div>
      </section>
      <section class="card" aria-labelledby="deliveries-h">
        <h2 id="deliveries-h">Deliveries</h2>
        <Table
          rows={deliveries.data}
          class="integrations-table"
          label="Deliveries (scrolls sideways on a narrow screen)"
          empty="Nothing delivered yet."
          rowAttrs={(d) => ({ 'data-delivery-id': d.id })}
          columns={[
            {
              header: 'Event',
              cell: (d) => (
                <>
                  <code safe>{d.event}</code>
                  <div class="muted" safe>
                    {formatDateTime(req, d.created_at)}
                  </div>
                </>
              ),
            },
            { header: 'Status', text: (d) => statusText(d) },
            {
              header: 'Attempts',
              cell: (d) => (
                <>
                  <ol class="integrations-attempts">
                    {d.attempt_log.map((a) => (
                      <li data-attempt={String(a.attempt)} safe>
                        {`${formatDateTime(req, a.started_at)}: ${a.response_status !== null ? `HTTP ${a.response_status}` : 'no response'}, ${a.duration_ms} ms${a.error ? `, ${a.error}` : ''}`}
                      </li>
                    ))}
                  </ol>
                  {d.next_attempt_at ? (
                    <div class="muted" safe>
                      {`Next attempt ${formatDateTime(req, d.next_attempt_at)}`}
                    </div>
                  ) : (
                    ''
                  )}
                </>
              ),
            },
            {
              header: 'Response',
              class: 'integrations-wrap',
              cell: (d) =>
                d.response_excerpt ? (
                  <code class="integrations-excerpt" safe>
                    {d.response_excerpt}
                  </code>
                ) : (
                  <span class="muted">—</span>
                ),
            },
            {
              header: 'Action',
              srOnly: true,
              cell: (d) =>
                sub.status === 'active' && d.status !== 'pending' ? (
                  <form method="post" action={here} hx-push-url="false">
                    <Hidden action="resend" csrf={csrf} subscription={sub.id} />
                    <input type="hidden" name="delivery_id" value={d.id} />
                    <button type="submit" class="secondary" aria-label={`Resend ${d.event} of ${formatDateTime(req, d.created_at)}`}>
                      Resend
                    </button>
                  </form>
                ) : (
                  ''
                ),
            },
          ]}
        />
      </section>
    </>
  )
}

const sub = (form: URLSearchParams) => ({ subscription_id: field(form, 'subscription_id') ?? '' })

export const integrationsWebhooksPage = definePage({
  path: PATH,
  title: 'Webhooks',
  role: 'admin',
  nav: { section: 'Admin', label: 'Webhooks' },
  actions: {
    subscribe: (req, form) =>
      attempt(async () => {
        const r = await invokeChecked(subscribe, req, {
          url: field(form, 'url') ?? '',
          events: eventsOf(field(form, 'events')),
          description: field(form, 'description') ?? null,
        })
        return {
          kind: 'ok',
          text: `Subscribed ${r.url} to ${r.selected_events.length} events.`,
          secret: { label: 'The signing secret', value: r.secret, note: SECRET_NOTE },
        }
      }),
    test: (req, form) =>
      attempt(async () => {
        const r = await invokeChecked(sendTestEvent, req, sub(form))
        const d = r.delivery
        return d.status === 'succeeded'
          ? { kind: 'ok', text: `Test event delivered: HTTP ${d.response_status}.` }
          : { kind: 'error', status: 200, text: `Test event not delivered: ${d.last_error ?? statusText(d)}. It is retried on the normal schedule.` }
      }),
    resend: (req, form) =>
      attempt(async () => {
        const r = await invokeChecked(resendDelivery, req, { delivery_id: field(form, 'delivery_id') ?? '' })
        const d = r.delivery
        return d.status === 'succeeded'
          ? { kind: 'ok', text: `${d.event} sent again: HTTP ${d.response_status}.` }
          : {
              kind: 'error',
              status: 200,
              text: `${d.event} sent again but not delivered: ${d.last_error ?? statusText(d)}. It is retried on the normal schedule.`,
            }
      }),
    rotate: (req, form) =>
      attempt(async () => {
        const r = await invokeChecked(rotateSecret, req, sub(form))
        return {
          kind: 'ok',
          text: 'The signing secret is replaced; the old one stopped working.',
          secret: { label: 'The new signing secret', value: r.secret, note: SECRET_NOTE },
        }
      }),
    disable: (req, form) =>
      attempt(async () => {
        await invokeChecked(disableSubscription, req, sub(form))
        return { kind: 'ok', text: 'Disabled: nothing is sent to it until it is enabled again.' }
      }),
    enable: (req, form) =>
      attempt(async () => {
        await invokeChecked(enableSubscription, req, sub(form))
        return { kind: 'ok', text: 'Enabled: events from now on are delivered.' }
      }),
  },
  async render(req, flash) {
    const id = req.url.searchParams.get('subscription')
    return (
      <>
        <OneTimeSecret flash={flash} />
        {id ? await detailView(req, id) : await listView(req)}
      </>
    )
  },
})
