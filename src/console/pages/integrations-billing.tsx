/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { getBilling } from '../../modules/billing/get-billing'
import { listInvoices } from '../../modules/billing/list-invoices'
import { Table } from '../components/table'
import { formatDateTime } from '../format'
import { definePage } from '../pages'
import type { SignedInRequest } from '../request'

const money = (req: SignedInRequest, cents: number, currency: string): string => {
  try {
    return new Intl.NumberFormat(req.locale, { style: 'currency', currency }).format(cents / 100)
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`
  }
}

const STATUS = { trialing: 'Trial', active: 'Active', past_due: 'Payment overdue', canceled: 'Canceled' } as const

export const integrationsBillingPage = definePage({
  path: '/admin/billing',
  title: 'Plan and billing',
  role: 'admin',
  nav: { section: 'Admin', label: 'Plan and billing' },
  async render(req) {
    const { plan, subscription: s } = await invoke(getBilling, req.ctx, {})
    const invoices = await invoke(listInvoices, req.ctx, { page: 1, page_size: 100 })
    return (
      <>
        <section class="card" aria-labelledby="plan-h">
          <h2 id="plan-h" safe>
            {`Plan: ${plan.name}`}
          </h2>
          <dl class="integrations-facts">
            <dt>Price</dt>
            <dd safe>{plan.monthly_price_cents === null ? 'By contract' : `${money(req, plan.monthly_price_cents, plan.currency)} per seat per month`}</dd>
            <dt>Access</dt>
            <dd>
              MCP {plan.mcp_access ? 'included' : 'not included'}, REST API {plan.rest_access ? 'included' : 'not included'}
            </dd>
            {s ? (
              <>
                <dt>Status</dt>
                <dd safe>{`${STATUS[s.status]}${s.trial_days_left !== null ? `, ${s.trial_days_left} days left` : ''}`}</dd>
                <dt>Seats</dt>
                <dd>
                  {s.seats_used} used of {s.seats} paid{plan.max_seats !== null ? ` (plan maximum ${plan.max_seats})` : ''}
                </dd>
                <dt>Current period</dt>
                <dd safe>{`${formatDateTime(req, s.current_period_start)} to ${formatDateTime(req, s.current_period_end)}`}</dd>
              </>
            ) : (
              <>
                <dt>Status</dt>
                <dd>No subscription</dd>
              </>
            )}
          </dl>
          {plan.features.length ? (
            <ul>
              {plan.features.map((f) => (
                <li safe>{f}</li>
              ))}
            </ul>
          ) : (
            ''
          )}
          <p class="muted">Read only: the plan is changed by the operator or by sales.</p>
        </section>
        <section class="card" aria-labelledby="invoices-h">
          <h2 id="invoices-h">Invoices</h2>
          <Table
            rows={invoices.data}
            label="Invoices (scrolls sideways on a narrow screen)"
            class="integrations-table"
            empty="No invoice yet."
            columns={[
              { header: 'Number', text: (i) => i.number },
              { header: 'Period', text: (i) => `${i.period_start} – ${i.period_end}` },
              { header: 'Amount', text: (i) => money(req, i.amount_cents, i.currency) },
              { header: 'Status', text: (i) => i.status },
              { header: 'Issued', text: (i) => formatDateTime(req, i.issued_at) },
            ]}
          />
        </section>
      </>
    )
  },
})
