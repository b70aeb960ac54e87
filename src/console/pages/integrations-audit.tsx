/** @jsxImportSource @kitajs/html */
import { DomainError } from '../../kernel/errors'
import { addDays, isDate, toIso, zonedTimeToInstant } from '../../kernel/time'
import { listAuditLog } from '../../modules/audit/list-audit-log'
import { AUDITED_ENTITIES } from '../../modules/audit/schema'
import { Table } from '../components/table'
import { formatDateTime } from '../format'
import { definePage } from '../pages'
import type { SignedInRequest } from '../request'
import { field, invokeChecked } from './integrations-common'

const PATH = '/admin/audit'

/** A day of the filter form (the tenant's local date) as the instant it starts. */
function dayStart(req: SignedInRequest, name: string, value: string | undefined, next = false): string | undefined {
  if (!value) return undefined
  if (!isDate(value)) throw new DomainError('invalid_argument', `${name}: must be a date (YYYY-MM-DD)`, { field: name })
  return toIso(zonedTimeToInstant(next ? addDays(value, 1) : value, '00:00', req.timezone))
}

const json = (v: unknown): string => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2))

export const integrationsAuditPage = definePage({
  path: PATH,
  title: 'Audit log',
  role: 'admin',
  nav: { section: 'Admin', label: 'Audit log' },
  async render(req) {
    const q = req.url.searchParams
    const entity = field(q, 'entity')
    const entityId = field(q, 'entity_id')
    const from = field(q, 'from')
    const to = field(q, 'to')
    const page = Number(field(q, 'page') ?? '1')
    const filters = (
      <form method="get" action={PATH} class="card integrations-form" aria-labelledby="filter-h">
        <h2 id="filter-h">Filter</h2>
        <label>
          Record type
          <select name="entity">
            <option value="">Any</option>
            {AUDITED_ENTITIES.map((x) => (
              <option value={x} selected={x === entity}>
                {x}
              </option>
            ))}
          </select>
        </label>
        <label>
          Record id
          <input type="text" name="entity_id" value={entityId ?? ''} autocomplete="off" />
        </label>
        <label>
          From (day)
          <input type="date" name="from" value={from ?? ''} />
        </label>
        <label>
          To (day, included)
          <input type="date" name="to" value={to ?? ''} />
        </label>
        <div class="actions">
          <button type="submit">Show</button>
        </div>
      </form>
    )
    const log = await invokeChecked(listAuditLog, req, {
      ...(entity ? { entity } : {}),
      ...(entityId ? { entity_id: entityId } : {}),
      ...(from ? { since: dayStart(req, 'from', from) } : {}),
      ...(to ? { until: dayStart(req, 'to', to, true) } : {}),
      page: Number.isInteger(page) ? page : 0,
      page_size: 50,
    })
    const next = new URLSearchParams(q)
    next.set('page', String(log.pagination.next_page ?? ''))
    return (
      <>
        {filters}
        <section class="card" aria-labelledby="log-h">
          <h2 id="log-h">Changes, newest first ({log.pagination.total})</h2>
          <Table
            rows={log.data}
            label="Changes (scrolls sideways on a narrow screen)"
            class="integrations-table"
            empty="No change matches."
            rowAttrs={(a) => ({ 'data-audit-id': a.id })}
            columns={[
              { header: 'When', text: (a) => formatDateTime(req, a.at) },
              {
                header: 'What',
                cell: (a) => (
                  <>
                    <code safe>{a.action}</code>
                    {a.reason ? (
                      <div class="muted" safe>
                        {`Reason: ${a.reason}`}
                      </div>
                    ) : (
                      ''
                    )}
                  </>
                ),
              },
              {
                header: 'Who, through',
                class: 'integrations-wrap',
                text: (a) => `${a.actor.kind}${a.actor.user_id ? ` ${a.actor.user_id}` : ''}${a.actor.key_id ? ` (key ${a.actor.key_id})` : ''}, ${a.surface}`,
              },
              {
                header: 'Record',
                class: 'integrations-wrap',
                cell: (a) => (
                  <details>
                    <summary safe>{`${a.entity} ${a.entity_id}`}</summary>
                    <p>Before</p>
                    <pre class="integrations-excerpt" safe>
                      {json(a.before)}
                    </pre>
                    <p>After</p>
                    <pre class="integrations-excerpt" safe>
                      {json(a.after)}
                    </pre>
                  </details>
                ),
              },
            ]}
          />
          {log.pagination.next_page ? (
            <p>
              <a href={`${PATH}?${next.toString()}`}>Older changes</a>
            </p>
          ) : (
            ''
          )}
        </section>
      </>
    )
  },
})
