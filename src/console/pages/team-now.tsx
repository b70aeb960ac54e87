/** @jsxImportSource @kitajs/html */
import { roleAtLeast } from '../../kernel/access'
import { invoke } from '../../kernel/operation'
import { listTeams } from '../../modules/teams/list-teams'
import { listUpcomingShifts } from '../../modules/shifts/list-upcoming-shifts'
import { listPresenceNow } from '../../modules/time-tracking/list-presence-now'
import { formatTime } from '../format'
import { definePage } from '../pages'
import { Pager, pageOf, slicePage } from './paging'

const LABEL = { working: 'Working', on_break: 'On a break', clocked_out: 'Clocked out' } as const
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** People per page of the list (the totals per state above it count everyone in scope). */
export const PRESENCE_PAGE_SIZE = 50

export const teamNowPage = definePage({
  path: '/team/now',
  title: 'Who is in now',
  role: 'manager',
  nav: { section: 'Manager', label: 'Who is in now' },
  async render(req) {
    const q = req.url.searchParams
    const presence = (Object.keys(LABEL) as (keyof typeof LABEL)[]).find((k) => k === q.get('presence'))
    const teamId = ID.test(q.get('team') ?? '') ? (q.get('team') as string) : undefined
    const me = req.signedIn.user
    const teams = (await invoke(listTeams, req.ctx, { page: 1, page_size: 100 })).data.filter(
      (t) => roleAtLeast(me.role, 'admin') || t.manager_user_id === me.id,
    )
    const now = await invoke(listPresenceNow, req.ctx, { ...(teamId ? { team_id: teamId } : {}), ...(presence ? { presence } : {}) })
    const shown = slicePage(now.people, pageOf(req), PRESENCE_PAGE_SIZE)
    // Missing against the schedule (console-people): a published shift in progress whose person is not clocked in.
    const shifts = await invoke(listUpcomingShifts, req.ctx, { page_size: 100 })
    // Missing needs every clocked-out person in scope, whatever the filter shows.
    const out =
      presence === 'clocked_out'
        ? now
        : presence
          ? await invoke(listPresenceNow, req.ctx, { ...(teamId ? { team_id: teamId } : {}), presence: 'clocked_out' })
          : now
    const clockedOut = new Set(out.people.filter((p) => p.presence === 'clocked_out').map((p) => p.user_id))
    const nowIso = new Date(req.now).toISOString()
    const missing = shifts.data.filter((s) => s.status === 'scheduled' && s.starts_at <= nowIso && s.ends_at > nowIso && clockedOut.has(s.user_id))
    return (
      <>
        <p class="muted">
          As of <span safe>{formatTime(req, now.as_of)}</span>: {now.counts.working} working, {now.counts.on_break} on a break, {now.counts.clocked_out} clocked
          out.
        </p>
        <ul class="presence-totals" aria-label="Totals now">
          {(Object.keys(LABEL) as (keyof typeof LABEL)[]).map((k) => (
            <li>
              <span class={`badge ${k}`}>{LABEL[k]}</span> <strong>{now.counts[k]}</strong>
            </li>
          ))}
        </ul>
        <form method="get" action="/team/now" class="card report-filters" aria-label="Who to show">
          <label>
            Now
            <select name="presence">
              <option value="">Everyone</option>
              {(Object.keys(LABEL) as (keyof typeof LABEL)[]).map((k) => (
                <option value={k} selected={k === presence} safe>
                  {LABEL[k]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Team
            <select name="team">
              <option value="">{roleAtLeast(me.role, 'admin') ? 'All teams' : 'All my teams'}</option>
              {teams.map((t) => (
                <option value={t.id} selected={t.id === teamId} safe>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" class="button">
            Show
          </button>
        </form>
        <section class="card" aria-labelledby="missing-h">
          <h2 id="missing-h">Missing against the schedule</h2>
          {missing.length === 0 ? (
            <p class="muted">Everyone whose shift is running now has clocked in.</p>
          ) : (
            <ul class="plain-list">
              {missing.map((s) => (
                <li>
                  <span class="badge missing">Missing</span> <strong safe>{s.user_name}</strong>: shift <span safe>{formatTime(req, s.starts_at)}</span>–
                  <span safe>{formatTime(req, s.ends_at)}</span>
                  {s.template_name ? <span safe>{` (${s.template_name})`}</span> : ''}, not clocked in
                </li>
              ))}
            </ul>
          )}
        </section>
        <div class="table-wrap">
          <table>
            <caption safe>{`${presence ? LABEL[presence] : 'Everyone'}: ${now.people.length} ${now.people.length === 1 ? 'person' : 'people'}`}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Now</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {shown.rows.map((p) => (
                <tr>
                  <td safe>{p.name}</td>
                  <td>
                    <span class={`badge ${p.presence}`}>{LABEL[p.presence]}</span>
                  </td>
                  <td safe>{p.presence === 'on_break' ? formatTime(req, p.break_started_at) : formatTime(req, p.clocked_in_since)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager req={req} page={shown.page} pages={shown.pages} label="Pages of the list" />
      </>
    )
  },
})
