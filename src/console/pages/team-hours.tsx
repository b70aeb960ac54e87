/** @jsxImportSource @kitajs/html */
import { DomainError } from '../../kernel/errors'
import { invoke } from '../../kernel/operation'
import { summarizeTeamHours } from '../../modules/dashboard/summarize-team-hours'
import { listTeams } from '../../modules/teams/list-teams'
import { Chart } from '../components/chart'
import { Table } from '../components/table'
import { chosenTeam, PeriodForm } from '../components/period-form'
import { formatDay, formatHours } from '../format'
import { definePage } from '../pages'

const PERIODS = { today: 'Today', this_week: 'This week', last_week: 'Last week', this_month: 'This month', last_month: 'Last month' } as const
type Period = keyof typeof PERIODS

/** Hours of a team over a period, per day (a uPlot bar chart with the same numbers in a table) and per person. */
export const teamHoursPage = definePage({
  path: '/team/hours',
  title: 'Team hours',
  role: 'manager',
  nav: { section: 'Manager', label: 'Team hours' },
  async render(req) {
    const asked = req.url.searchParams.get('period') ?? 'this_week'
    const period: Period = asked in PERIODS ? (asked as Period) : 'this_week'
    const teams = await invoke(listTeams, req.ctx, { page_size: 100 })
    const teamId = chosenTeam(req.url, teams.data)
    let sum: Awaited<ReturnType<typeof summarizeTeamHours.run>> | null = null
    let problem: string | null = null
    try {
      sum = await invoke(summarizeTeamHours, req.ctx, { period, ...(teamId ? { team_id: teamId } : {}) })
    } catch (err) {
      if (!(err instanceof DomainError)) throw err
      problem = err.message
    }
    const nf = new Intl.NumberFormat(req.locale, { maximumFractionDigits: 2 })
    return (
      <>
        <PeriodForm
          action="/team/hours"
          period={{ name: 'period', label: 'Period', options: Object.entries(PERIODS), selected: period }}
          teams={teams.data}
          teamId={teamId}
          allTeams="Your team (admins: everyone)"
        />
        {problem || !sum ? (
          <p role="alert" safe>
            {problem ?? ''}
          </p>
        ) : (
          <>
            <section class="card" aria-labelledby="sum-h">
              <h2 id="sum-h">
                <span safe>{sum.scope_team_name}</span>, <span safe>{formatDay(req, sum.period_start)}</span> to{' '}
                <span safe>{formatDay(req, sum.period_end)}</span>
              </h2>
              <p class="big" safe>
                {formatHours(req, sum.result.total_hours)}
              </p>
              <p class="muted">
                {sum.result.members_with_time} of {sum.result.member_count} people worked;{' '}
                <span safe>{formatHours(req, sum.result.average_hours_per_member)}</span> on average.
              </p>
              <Chart
                labels={sum.result.by_day.map((d) => formatDay(req, d.date))}
                values={sum.result.by_day.map((d) => Math.round(d.hours * 100) / 100)}
                description="Hours per day, bar chart; the numbers are in the table below"
                caption="Hours per day, net of breaks"
              />
              <Table
                rows={sum.result.by_day}
                caption="Hours per day"
                label="Hours per day"
                columns={[
                  { header: 'Day', text: (d) => formatDay(req, d.date) },
                  { header: 'Hours', text: (d) => nf.format(d.hours) },
                ]}
              />
            </section>
            <section class="card" aria-labelledby="people-h">
              <h2 id="people-h">By person</h2>
              <Table
                rows={sum.result.members}
                labelledBy="people-h"
                columns={[
                  { header: 'Name', text: (m) => m.name },
                  { header: 'Hours', text: (m) => formatHours(req, m.hours) },
                  { header: 'Overtime', text: (m) => (m.overtime_hours > 0 ? formatHours(req, m.overtime_hours) : '—') },
                  { header: 'Days', text: (m) => m.days_worked },
                ]}
              />
            </section>
          </>
        )}
      </>
    )
  },
})
