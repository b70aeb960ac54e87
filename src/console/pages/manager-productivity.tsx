/** @jsxImportSource @kitajs/html */
import { DomainError } from '../../kernel/errors'
import { invoke } from '../../kernel/operation'
import { getProductivityByCategory } from '../../modules/activity/get-productivity-by-category'
import { listTeams } from '../../modules/teams/list-teams'
import { Chart } from '../components/chart'
import { chosenTeam, PeriodForm } from '../components/period-form'
import { formatDay } from '../format'
import { definePage } from '../pages'

const WEEKS = [4, 8, 12] as const
const CATEGORIES = [
  { key: 'productive_seconds', label: 'Productive', color: '#0b6e3a' },
  { key: 'neutral_seconds', label: 'Neutral', color: '#5f6368' },
  { key: 'unproductive_seconds', label: 'Unproductive', color: '#b3261e' },
  { key: 'idle_seconds', label: 'Idle', color: '#8a5a00' },
] as const

/** Productivity by category over weeks for the teams a manager manages (admins: everyone or a chosen team): a uPlot chart and the same numbers in a table. */
export const managerProductivityPage = definePage({
  path: '/team/productivity',
  title: 'Productivity',
  role: 'manager',
  nav: { section: 'Manager', label: 'Productivity' },
  async render(req) {
    const askedWeeks = Number(req.url.searchParams.get('weeks') ?? 8)
    const weeks = (WEEKS as readonly number[]).includes(askedWeeks) ? askedWeeks : 8
    const teams = await invoke(listTeams, req.ctx, { page_size: 100 })
    const teamId = chosenTeam(req.url, teams.data)
    let data: Awaited<ReturnType<typeof getProductivityByCategory.run>> | null = null
    let problem: string | null = null
    try {
      data = await invoke(getProductivityByCategory, req.ctx, { weeks, ...(teamId ? { team_id: teamId } : {}) })
    } catch (err) {
      if (!(err instanceof DomainError)) throw err
      problem = err.message
    }
    const nf = new Intl.NumberFormat(req.locale, { maximumFractionDigits: 1, minimumFractionDigits: 1 })
    const hours = (s: number) => nf.format(s / 3600)
    const labels = data ? data.weeks.map((w) => formatDay(req, w.week_start)) : []
    const series = data
      ? CATEGORIES.map((c) => ({ label: c.label, color: c.color, values: data.weeks.map((w) => Math.round((w[c.key] / 3600) * 10) / 10) }))
      : []
    return (
      <>
        <PeriodForm
          action="/team/productivity"
          period={{ name: 'weeks', label: 'Weeks', options: WEEKS.map((n) => [String(n), `Last ${n} weeks`]), selected: String(weeks) }}
          teams={teams.data}
          teamId={teamId}
          allTeams="All your teams (admins: everyone)"
        />
        {problem || !data ? (
          <p role="alert" safe>
            {problem ?? ''}
          </p>
        ) : (
          <section class="card" aria-labelledby="prod-h">
            <h2 id="prod-h">
              <span safe>{data.team_name ?? 'All your teams'}</span>: hours by category, week by week
            </h2>
            <Chart
              labels={labels}
              series={series}
              description="Hours by category per week, line chart; the numbers are in the table below"
              caption="Hours of application use per category and idle hours, weeks starting on the date shown"
            />
            <div class="table-wrap" tabindex="0">
              <table>
                <caption id="prod-caption">Hours by category per week</caption>
                <thead>
                  <tr>
                    <th scope="col">Week of</th>
                    {CATEGORIES.map((c) => (
                      <th scope="col">{c.label}</th>
                    ))}
                    <th scope="col">Score</th>
                    <th scope="col">People with data</th>
                  </tr>
                </thead>
                <tbody>
                  {data.weeks.map((w) => (
                    <tr>
                      <th scope="row" safe>
                        {formatDay(req, w.week_start)}
                      </th>
                      {CATEGORIES.map((c) => (
                        <td safe>{hours(w[c.key])}</td>
                      ))}
                      <td>{w.productive_seconds + w.neutral_seconds + w.unproductive_seconds > 0 ? String(w.score) : '—'}</td>
                      <td>{String(w.people_with_data)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p class="muted" safe>
              {data.privacy_note}
            </p>
          </section>
        )}
      </>
    )
  },
})
