/** @jsxImportSource @kitajs/html */
import { roleAtLeast } from '../../kernel/access'
import { DomainError } from '../../kernel/errors'
import { invoke } from '../../kernel/operation'
import { listTeams } from '../../modules/teams/list-teams'
import { payPeriodRange } from '../../modules/timesheets/period'
import { localDate } from '../../kernel/time'
import { listUsers } from '../../modules/users/list-users'
import { formatDateTime, safeLocale } from '../format'
import { definePage } from '../pages'
import { type ReportDefinition, type ReportFilters, REPORTS, reportById } from '../reports/definitions'
import { renderCells, reportCsv, reportPdf } from '../reports/render'
import type { SignedInRequest } from '../request'

const DATE = /^\d{4}-\d{2}-\d{2}$/
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The reports this person's role may open. */
const reportsFor = (req: SignedInRequest): ReportDefinition[] => REPORTS.filter((r) => roleAtLeast(req.signedIn.user.role, r.role))

const bad = (field: string, message: string) => new DomainError('invalid_argument', `${field}: ${message}`, { field })

interface Query {
  def: ReportDefinition
  filters: ReportFilters
}

/** The report and filters of the address (?report=&from=&to=&team=&person=); the period defaults to the current pay period. */
async function queryOf(req: SignedInRequest): Promise<Query> {
  const p = req.url.searchParams
  const allowed = reportsFor(req)
  const id = p.get('report') || 'timesheets'
  const def = allowed.find((r) => r.id === id)
  if (!def) throw bad('report', reportById(id) ? 'this report is for administrators.' : 'no such report.')
  let from = p.get('from') || ''
  let to = p.get('to') || ''
  if (from && !DATE.test(from)) throw bad('from', 'use a date (YYYY-MM-DD).')
  if (to && !DATE.test(to)) throw bad('to', 'use a date (YYYY-MM-DD).')
  if (!from || !to) {
    // The company's current pay period, from its rule (not by listing everyone's missing timesheets).
    const current = payPeriodRange(req.payPeriod, localDate(req.now, req.timezone))
    from ||= current.start
    to ||= current.end
  }
  if (from > to) throw bad('from', 'must be on or before to.')
  const team = p.get('team') || undefined
  const person = p.get('person') || undefined
  if (team && !ID.test(team)) throw bad('team', 'choose a team from the list.')
  if (person && !ID.test(person)) throw bad('person', 'choose a person from the list.')
  return { def, filters: { from, to, teamId: team, userId: person } }
}

// Money columns take their currency from the operation's answer (payroll, project budgets); this is only the fallback.
const currencyOf = (_req: SignedInRequest): string => 'EUR'

const formatDate = (req: SignedInRequest, d: string): string =>
  new Intl.DateTimeFormat(safeLocale(req.locale), { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(`${d}T00:00:00Z`))

/** Teams a manager manages (admins: every team) and the people they see, for the filter lists. */
async function choices(req: SignedInRequest, teamId: string | undefined) {
  const me = req.signedIn.user
  const teams = (await invoke(listTeams, req.ctx, { page: 1, page_size: 100 })).data.filter((t) => roleAtLeast(me.role, 'admin') || t.manager_user_id === me.id)
  const people = (await invoke(listUsers, req.ctx, { ...(teamId ? { team_id: teamId } : {}), page: 1, page_size: 100 })).data
  return { teams, people }
}

/** What the filters say, in words (PDF header). */
async function filterWords(req: SignedInRequest, f: ReportFilters): Promise<string[]> {
  if (!f.teamId && !f.userId) return ['All the people you see']
  const { teams, people } = await choices(req, undefined)
  const out: string[] = []
  if (f.teamId) out.push(`Team: ${teams.find((t) => t.id === f.teamId)?.name ?? f.teamId}`)
  if (f.userId) out.push(`Person: ${people.find((u) => u.id === f.userId)?.name ?? f.userId}`)
  return out
}

const fileName = (def: ReportDefinition, f: ReportFilters, ext: string) => `${def.id}-${f.from}-${f.to}.${ext}`

const download = (body: string | Uint8Array, type: string, name: string) =>
  new Response(body, {
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })

const hrefFor = (q: Query, format?: string): string => {
  const p = new URLSearchParams({ report: q.def.id, from: q.filters.from, to: q.filters.to })
  if (q.filters.teamId) p.set('team', q.filters.teamId)
  if (q.filters.userId) p.set('person', q.filters.userId)
  if (format) p.set('format', format)
  return `/reports?${p}`
}

export const reportsPage = definePage({
  path: '/reports',
  title: 'Reports',
  role: 'manager',
  nav: { section: 'Manager', label: 'Reports' },
  async download(req) {
    const format = req.url.searchParams.get('format')
    if (format !== 'csv' && format !== 'pdf') return null
    const q = await queryOf(req)
    const data = await q.def.load(req.ctx, q.filters, currencyOf(req))
    if (format === 'csv') return download(reportCsv(q.def, data, req), 'text/csv; charset=utf-8', fileName(q.def, q.filters, 'csv'))
    const pdf = await reportPdf(q.def, data, req, {
      company: req.signedIn.tenant.name,
      period: data.period ? `${formatDate(req, data.period.from)} – ${formatDate(req, data.period.to)}` : null,
      filters: q.def.filters.length ? await filterWords(req, q.filters) : [],
      generated: `${formatDateTime(req, req.now)} (${req.timezone})`,
      notes: data.notes,
    })
    return download(pdf, 'application/pdf', fileName(q.def, q.filters, 'pdf'))
  },
  async render(req) {
    const q = await queryOf(req)
    const { teams, people } = await choices(req, q.filters.teamId)
    // A report runs when the filter form was sent (?report=…): opening the page alone shows the form.
    const asked = req.url.searchParams.has('report')
    const data = asked ? await q.def.load(req.ctx, q.filters, currencyOf(req)) : null
    return (
      <>
        <form method="get" action="/reports" class="card report-filters" aria-label="Report filters">
          <label>
            Report
            <select name="report">
              {reportsFor(req).map((r) => (
                <option value={r.id} selected={r.id === q.def.id} safe>
                  {r.title}
                </option>
              ))}
            </select>
          </label>
          <label>
            From
            <input type="date" name="from" value={q.filters.from} required />
          </label>
          <label>
            To
            <input type="date" name="to" value={q.filters.to} required />
          </label>
          <label>
            Team
            <select name="team">
              <option value="">{roleAtLeast(req.signedIn.user.role, 'admin') ? 'All teams' : 'All my teams'}</option>
              {teams.map((tm) => (
                <option value={tm.id} selected={tm.id === q.filters.teamId} safe>
                  {tm.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            Person
            <select name="person">
              <option value="">Everyone</option>
              {people.map((u) => (
                <option value={u.id} selected={u.id === q.filters.userId} safe>
                  {u.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" class="button">
            Show
          </button>
        </form>
        <p class="muted" safe>
          {q.def.description}
        </p>
        {data ? (
          <ReportTable req={req} q={q} data={data} />
        ) : (
          <p role="status">Choose a report, the period and who it covers, then press Show. Nothing is run before that.</p>
        )}
      </>
    )
  },
})

type ReportData = Awaited<ReturnType<ReportDefinition['load']>>

/** The report's period, downloads, table and notes (the filter form ran it). */
function ReportTable({ req, q, data }: { req: SignedInRequest; q: Query; data: ReportData }) {
  const t = renderCells(q.def, data, req, true)
  const numeric = (i: number) => t.kinds[i] !== 'text' && t.kinds[i] !== 'date'
  return (
    <>
      <p>
        {data.period ? (
          <span safe>{`${formatDate(req, data.period.from)} – ${formatDate(req, data.period.to)}. `}</span>
        ) : (
          <span>As of now (the period does not apply). </span>
        )}
        <a href={hrefFor(q, 'csv')} download={fileName(q.def, q.filters, 'csv')} hx-boost="false">
          Download CSV
        </a>
        {' · '}
        <a href={hrefFor(q, 'pdf')} download={fileName(q.def, q.filters, 'pdf')} hx-boost="false">
          Download PDF
        </a>
      </p>
      <section class="table-wrap" tabindex="0" aria-label={`${q.def.title} table`}>
        <table>
          <caption safe>{`${q.def.title} (${t.rows.length} ${t.rows.length === 1 ? 'row' : 'rows'})`}</caption>
          <thead>
            <tr>
              {t.header.map((h, i) => (
                <th scope="col" class={numeric(i) ? 'num' : ''} safe>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {t.rows.length === 0 ? (
              <tr>
                <td colspan={String(t.header.length)}>No rows for these filters.</td>
              </tr>
            ) : (
              t.rows.map((row) => (
                <tr>
                  {row.map((c, i) => (
                    <td class={numeric(i) ? 'num' : ''} safe>
                      {c}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
          {t.totals ? (
            <tfoot>
              <tr>
                {t.totals.map((c, i) =>
                  i === 0 ? (
                    <th scope="row" safe>
                      {c}
                    </th>
                  ) : (
                    <td class={numeric(i) ? 'num' : ''} safe>
                      {c}
                    </td>
                  ),
                )}
              </tr>
            </tfoot>
          ) : (
            ''
          )}
        </table>
      </section>
      {data.notes.map((n) => (
        <p class="muted" safe>
          {n}
        </p>
      ))}
    </>
  )
}
