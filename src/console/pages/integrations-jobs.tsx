/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { listScheduledJobs } from '../../surfaces/list-scheduled-jobs'
import { runScheduledJob } from '../../surfaces/run-scheduled-job'
import { Table } from '../components/table'
import { formatDateTime } from '../format'
import { CsrfField } from '../layout'
import { definePage } from '../pages'
import { attempt, field, invokeChecked } from './integrations-common'

const EACH = { global: 'whole server', tenant: 'each company, every tick', tenant_day: 'each company, once a day' } as const

export const integrationsJobsPage = definePage({
  path: '/admin/jobs',
  title: 'Scheduled jobs',
  role: 'admin',
  nav: { section: 'Admin', label: 'Scheduled jobs' },
  actions: {
    run: (req, form) =>
      attempt(async () => {
        const r = await invokeChecked(runScheduledJob, req, { name: field(form, 'name') ?? '' })
        return r.error
          ? { kind: 'error', status: 200, text: `${r.name} ran for your company and failed: ${r.error}` }
          : { kind: 'ok', text: `${r.name} ran for your company: ${r.processed} processed.` }
      }),
  },
  async render(req) {
    const { jobs } = await invoke(listScheduledJobs, req.ctx, {})
    const csrf = req.signedIn.session.csrfToken
    return (
      <>
        <p class="muted">
          The server runs these on its own. "Run now" runs a per-company job for your company only; jobs for the whole server are run by the operator (
          <code>workforce jobs run</code>).
        </p>
        <Table
          rows={jobs}
          label="Jobs (scrolls sideways on a narrow screen)"
          class="integrations-table"
          rowAttrs={(j) => ({ 'data-job': j.name })}
          columns={[
            {
              header: 'Job',
              cell: (j) => (
                <>
                  <code safe>{j.name}</code>
                  <div class="muted" safe>
                    {j.description}
                  </div>
                </>
              ),
            },
            { header: 'Runs for', text: (j) => EACH[j.each] },
            {
              header: 'Last run',
              cell: (j) => (
                <>
                  <span safe>{j.last_run ? formatDateTime(req, j.last_run) : 'never'}</span>
                  {j.last_day_run ? (
                    <div class="muted" safe>
                      {`Your last day: ${j.last_day_run.date}, ${j.last_day_run.status}`}
                    </div>
                  ) : (
                    ''
                  )}
                </>
              ),
            },
            { header: 'Next run', text: (j) => (j.next_run ? formatDateTime(req, j.next_run) : '—') },
            { header: 'Last error', class: 'integrations-wrap', text: (j) => j.last_error ?? j.last_day_run?.error ?? '—' },
            {
              header: 'Action',
              srOnly: true,
              cell: (j) =>
                j.runnable ? (
                  <form method="post" action="/admin/jobs" hx-push-url="false">
                    <CsrfField token={csrf} />
                    <input type="hidden" name="_action" value="run" />
                    <input type="hidden" name="name" value={j.name} />
                    <button type="submit" class="secondary" aria-label={`Run now: ${j.name}`}>
                      Run now
                    </button>
                  </form>
                ) : (
                  ''
                ),
            },
          ]}
        />
      </>
    )
  },
})
