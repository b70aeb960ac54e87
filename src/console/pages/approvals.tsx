/** @jsxImportSource @kitajs/html */
import { DomainError } from '../../kernel/errors'
import { invoke } from '../../kernel/operation'
import { approveTimesheet } from '../../modules/timesheets/approve-timesheet'
import { listPendingApprovals } from '../../modules/timesheets/list-pending-approvals'
import { rejectTimesheet } from '../../modules/timesheets/reject-timesheet'
import { formatDay, formatHours } from '../format'
import { CsrfField, e } from '../layout'
import { definePage, type Flash } from '../pages'
import type { SignedInRequest } from '../request'
import { Pager, pageOf } from './paging'

/** Timesheets per page of the list (the count above it is of all of them). */
export const APPROVALS_PAGE_SIZE = 50

/** Approves or rejects every ticked timesheet, one operation each; says what happened to each. */
async function decide(req: SignedInRequest, form: URLSearchParams, verdict: 'approve' | 'reject'): Promise<Flash> {
  const ids = form.getAll('timesheet_id').filter((x) => x)
  if (ids.length === 0) return { kind: 'error', text: 'Tick at least one timesheet.', status: 400 }
  const reason = (form.get('reason') ?? '').trim()
  if (verdict === 'reject' && !reason) return { kind: 'error', text: 'Give a reason for the rejection: the employee sees it.', status: 400 }
  let done = 0
  const failed: string[] = []
  for (const id of ids) {
    try {
      if (verdict === 'approve') await invoke(approveTimesheet, req.ctx, { timesheet_id: id })
      else await invoke(rejectTimesheet, req.ctx, { timesheet_id: id, reason })
      done++
    } catch (err) {
      if (!(err instanceof DomainError)) throw err
      failed.push(err.message)
    }
  }
  const word = verdict === 'approve' ? 'approved' : 'rejected'
  const text = `${done} ${done === 1 ? 'timesheet' : 'timesheets'} ${word}.${failed.length ? ` ${failed.length} refused: ${failed.join(' ')}` : ''}`
  return { kind: failed.length && !done ? 'error' : 'ok', text, ...(failed.length && !done ? { status: 409 } : {}) }
}

export const approvalsPage = definePage({
  path: '/team/approvals',
  title: 'Approvals',
  role: 'manager',
  nav: { section: 'Manager', label: 'Approvals' },
  actions: {
    approve: (req, form) => decide(req, form, 'approve'),
    reject: (req, form) => decide(req, form, 'reject'),
  },
  async render(req) {
    const asked = pageOf(req)
    let pending = await invoke(listPendingApprovals, req.ctx, { page: asked, page_size: APPROVALS_PAGE_SIZE })
    const pages = Math.max(1, Math.ceil(pending.count / APPROVALS_PAGE_SIZE))
    // Asked past the last page (after deciding the last rows of it, say): the last page.
    const page = Math.min(asked, pages)
    if (page !== asked) pending = await invoke(listPendingApprovals, req.ctx, { page, page_size: APPROVALS_PAGE_SIZE })
    const csrf = req.signedIn.session.csrfToken
    if (pending.count === 0) return <p>No timesheet is waiting for your approval.</p>
    const first = (page - 1) * APPROVALS_PAGE_SIZE + 1
    // The pager sits outside the form: the form's hx-push-url="false" would keep its links out of the address bar.
    return (
      <>
        <form method="post" action={page > 1 ? `/team/approvals?page=${page}` : '/team/approvals'} hx-push-url="false">
          <CsrfField token={csrf} />
          <p class="muted">
            {pending.count} {pending.count === 1 ? 'timesheet is' : 'timesheets are'} waiting, oldest first
            {pages > 1 ? `; ${first}–${first + pending.items.length - 1} shown` : ''}. Tick the ones to decide: the buttons act on the ticked rows of this page.
          </p>
          <div class="table-wrap" tabindex="0">
            <table>
              <thead>
                <tr>
                  <th scope="col">Choose</th>
                  <th scope="col">Person</th>
                  <th scope="col">Period</th>
                  <th scope="col">Hours</th>
                  <th scope="col">Waiting</th>
                  <th scope="col">Entries</th>
                </tr>
              </thead>
              <tbody>
                {pending.items.map((p) => (
                  <tr>
                    <td>
                      <input type="checkbox" name="timesheet_id" value={p.timesheet_id} id={`ts-${p.timesheet_id}`} />
                    </td>
                    <td>
                      <label for={`ts-${p.timesheet_id}`} safe>
                        {p.user_name}
                      </label>
                      {p.status === 'auto_generated' ? <span class="muted"> (generated)</span> : ''}
                    </td>
                    <td>
                      <span safe>{formatDay(req, p.period_start)}</span> – <span safe>{formatDay(req, p.period_end)}</span>
                    </td>
                    <td safe>{formatHours(req, p.total_hours)}</td>
                    <td>
                      {p.waiting_days} {p.waiting_days === 1 ? 'day' : 'days'}
                    </td>
                    <td>
                      <a href={`/team/corrections?timesheet_id=${encodeURIComponent(p.timesheet_id)}`}>
                        Entries<span class="sr-only"> of {e(p.user_name)}</span>
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div class="actions">
            <button type="submit" name="_action" value="approve">
              Approve selected
            </button>
          </div>
          <p>
            <label for="reject-reason">Reason for a rejection (the employee sees it)</label>
            <input type="text" id="reject-reason" name="reason" maxlength="1000" />
          </p>
          <div class="actions">
            <button type="submit" name="_action" value="reject" class="secondary">
              Reject selected
            </button>
          </div>
        </form>
        <Pager req={req} page={page} pages={pages} label="Pages of the pending timesheets" />
      </>
    )
  },
})
