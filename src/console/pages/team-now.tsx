/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { listPresenceNow } from '../../modules/time-tracking/list-presence-now'
import { formatTime } from '../format'
import { definePage } from '../pages'

const LABEL = { working: 'Working', on_break: 'On a break', clocked_out: 'Clocked out' } as const

export const teamNowPage = definePage({
  path: '/team/now',
  title: 'Who is in now',
  role: 'manager',
  nav: { section: 'Manager', label: 'Who is in now' },
  async render(req) {
    const now = await invoke(listPresenceNow, req.ctx, {})
    return (
      <>
        <p class="muted">
          As of <span safe>{formatTime(req, now.as_of)}</span>: {now.counts.working} working, {now.counts.on_break} on a break, {now.counts.clocked_out} clocked
          out.
        </p>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Now</th>
                <th scope="col">Since</th>
              </tr>
            </thead>
            <tbody>
              {now.people.map((p) => (
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
      </>
    )
  },
})
