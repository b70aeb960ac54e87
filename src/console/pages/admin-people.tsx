/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { addUser } from '../../modules/users/add-user'
import { changeRole } from '../../modules/users/change-role'
import { deactivateUser } from '../../modules/users/deactivate-user'
import { getUser } from '../../modules/users/get-user'
import { listInvitations, resendInvitation, revokeInvitation } from '../../modules/users/invitations-admin'
import { inviteStaff } from '../../modules/users/invite-staff'
import { listUsers } from '../../modules/users/list-users'
import { reactivateUser } from '../../modules/users/reactivate-user'
import { WORK_PROFILES } from '../../modules/users/schema'
import { updateUser } from '../../modules/users/update-user'
import { Table } from '../components/table'
import { formatDateTime } from '../format'
import { definePage } from '../pages'
import type { SignedInRequest } from '../request'
import { Pager, pageOf } from './paging'
import { Field, FormHead, formInput, formStateOf, ROLE_OPTIONS, submitForm } from './admin-forms'

const ROLE_LABEL = Object.fromEntries(ROLE_OPTIONS)
const PROFILE_OPTIONS = ['', ...WORK_PROFILES] as const
const EMPLOYMENT = ['job_title', 'employee_number', 'weekly_hours', 'work_profile', 'start_date'] as const
/** People per page of the list (the count in its heading is of all of them, or of the matches). */
export const PEOPLE_PAGE_SIZE = 50

/** A one-button form acting on one row (the button's accessible name says on whom). */
const RowButton = (props: {
  req: SignedInRequest
  action: string
  path: string
  fields: Record<string, string>
  label: string
  text: string
  danger?: boolean
}) => (
  <form method="post" action={props.path} class="inline">
    <FormHead req={props.req} action={props.action} />
    {Object.entries(props.fields).map(([k, v]) => (
      <input type="hidden" name={k} value={v} />
    ))}
    <button type="submit" class={props.danger ? 'danger' : 'secondary'} aria-label={props.label} safe>
      {props.text}
    </button>
  </form>
)

export const adminPeoplePage = definePage({
  path: '/admin/people',
  title: 'People and invitations',
  role: 'admin',
  nav: { section: 'Admin', label: 'People' },
  actions: {
    invite: (req, form) =>
      submitForm(
        req,
        'invite',
        form,
        inviteStaff.input,
        formInput(inviteStaff.input, form, ['email', 'name']),
        (input) => invoke(inviteStaff, req.ctx, input),
        (r) => r.message,
      ),
    add: (req, form) =>
      submitForm(
        req,
        'add',
        form,
        addUser.input,
        formInput(addUser.input, form, ['email', 'name', 'role', 'team', ...EMPLOYMENT]),
        (input) => invoke(addUser, req.ctx, input),
        (r) =>
          `${r.name} (${r.email}) was added as ${ROLE_LABEL[r.role]}${r.team_name ? ` in ${r.team_name}${r.team_created ? ' (new team)' : ''}` : ''}, work profile ${r.work_profile}.`,
      ),
    role: (req, form) =>
      submitForm(
        req,
        'role',
        form,
        changeRole.input,
        formInput(changeRole.input, form, ['user_id', 'role']),
        (input) => invoke(changeRole, req.ctx, input),
        (r) => (r.changed ? `${r.user.email} is now ${ROLE_LABEL[r.user.role]}.` : `${r.user.email} was ${ROLE_LABEL[r.user.role]} already.`),
      ),
    deactivate: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        deactivateUser.input,
        formInput(deactivateUser.input, form, ['user_id']),
        (input) => invoke(deactivateUser, req.ctx, input),
        (r) => `${r.user.email} was deactivated: their keys and sessions no longer work.`,
      ),
    reactivate: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        reactivateUser.input,
        formInput(reactivateUser.input, form, ['user_id']),
        (input) => invoke(reactivateUser, req.ctx, input),
        (r) => `${r.user.email} is active again.`,
      ),
    resend: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        resendInvitation.input,
        formInput(resendInvitation.input, form, ['invitation_id']),
        (input) => invoke(resendInvitation, req.ctx, input),
        (r) => `The invitation to ${r.invitation.email} was sent again with a new link; the old link no longer works.`,
      ),
    revoke: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        revokeInvitation.input,
        formInput(revokeInvitation.input, form, ['invitation_id']),
        (input) => invoke(revokeInvitation, req.ctx, input),
        (r) =>
          r.changed
            ? `The invitation to ${r.invitation.email} was revoked: its link no longer works.`
            : `The invitation to ${r.invitation.email} was revoked already.`,
      ),
  },
  async render(req) {
    const q = (req.url.searchParams.get('q') ?? '').trim().slice(0, 200)
    const asked = pageOf(req)
    const find = (page: number) => invoke(listUsers, req.ctx, { page, page_size: PEOPLE_PAGE_SIZE, ...(q ? { search: q } : {}) })
    let people = await find(asked)
    const pages = Math.max(1, Math.ceil(people.pagination.total / PEOPLE_PAGE_SIZE))
    // Asked past the last page (the search narrowed, someone left): the last page.
    const page = Math.min(asked, pages)
    if (page !== asked) people = await find(page)
    const invitations = await invoke(listInvitations, req.ctx, {})
    const inv = formStateOf(req, 'invite')
    const add = formStateOf(req, 'add')
    // Forms post back to this page of this search, so the list stays where it was.
    const kept = new URLSearchParams()
    if (q) kept.set('q', q)
    if (page > 1) kept.set('page', String(page))
    const path = kept.size ? `/admin/people?${kept}` : '/admin/people'
    return (
      <>
        <section class="card" aria-labelledby="invite-h">
          <h2 id="invite-h">Invite a person</h2>
          <p class="muted">They get an e-mail with a link to set their password; they join as an Employee (change the role once they joined).</p>
          <form method="post" action={path} class="form-grid">
            <FormHead req={req} action="invite" />
            <Field state={inv} id="invite-email" name="email" label="E-mail" type="email" required />
            <Field state={inv} id="invite-name" name="name" label="Name" />
            <div class="form-actions">
              <button type="submit">Send the invitation</button>
            </div>
          </form>
        </section>

        <section class="card" aria-labelledby="invitations-h">
          <h2 id="invitations-h">Invitations</h2>
          <Table
            rows={invitations.data}
            labelledBy="invitations-h"
            empty="No invitations yet."
            columns={[
              { header: 'E-mail', text: (i) => i.email },
              { header: 'Status', text: (i) => i.status },
              { header: 'Sent', text: (i) => formatDateTime(req, i.created_at) },
              { header: 'Valid until', text: (i) => formatDateTime(req, i.expires_at) },
              {
                header: 'Actions',
                class: 'row-actions',
                cell: (i) => (
                  <>
                    {i.status !== 'accepted' ? (
                      <RowButton
                        req={req}
                        path={path}
                        action="resend"
                        fields={{ invitation_id: i.id }}
                        label={`Resend the invitation to ${i.email}`}
                        text="Resend"
                      />
                    ) : (
                      ''
                    )}
                    {i.status === 'pending' || i.status === 'expired' ? (
                      <RowButton
                        req={req}
                        path={path}
                        action="revoke"
                        fields={{ invitation_id: i.id }}
                        label={`Revoke the invitation to ${i.email}`}
                        text="Revoke"
                        danger
                      />
                    ) : (
                      ''
                    )}
                  </>
                ),
              },
            ]}
          />
        </section>

        <section class="card" aria-labelledby="people-h">
          <h2 id="people-h" safe>
            {q ? `People matching “${q}” (${people.pagination.total})` : `People (${people.pagination.total})`}
          </h2>
          <form method="get" action="/admin/people" class="form-grid" aria-label="Find people">
            <label>
              Find people (name or e-mail)
              <input type="search" name="q" value={q} maxlength="200" />
            </label>
            <div class="form-actions">
              <button type="submit" class="secondary">
                Search
              </button>
              {q ? <a href="/admin/people">Show everyone</a> : ''}
            </div>
          </form>
          {people.pagination.total > 0 ? (
            <p class="muted">
              {`${(page - 1) * PEOPLE_PAGE_SIZE + 1}–${(page - 1) * PEOPLE_PAGE_SIZE + people.data.length} of ${people.pagination.total}, by name.`}
            </p>
          ) : (
            ''
          )}
          <Table
            rows={people.data}
            labelledBy="people-h"
            empty={q ? 'Nobody matches the search.' : 'Nobody yet.'}
            columns={[
              {
                header: 'Name',
                cell: (p) => (
                  <a href={`/admin/person?id=${p.id}`} safe>
                    {p.name}
                  </a>
                ),
              },
              { header: 'E-mail', text: (p) => p.email },
              { header: 'Team', text: (p) => p.team_name ?? '—' },
              { header: 'Status', text: (p) => p.status },
              {
                header: 'Role',
                cell: (p) => (
                  <form method="post" action={path} class="inline">
                    <FormHead req={req} action="role" />
                    <input type="hidden" name="user_id" value={p.id} />
                    <select name="role" aria-label={`Role of ${p.email}`}>
                      {ROLE_OPTIONS.map(([v, l]) => (
                        <option value={v} selected={v === p.role}>
                          {l}
                        </option>
                      ))}
                    </select>
                    <button type="submit" class="secondary" aria-label={`Set the role of ${p.email}`}>
                      Set
                    </button>
                  </form>
                ),
              },
              {
                header: 'Actions',
                class: 'row-actions',
                cell: (p) =>
                  p.status === 'deactivated' ? (
                    <RowButton req={req} path={path} action="reactivate" fields={{ user_id: p.id }} label={`Reactivate ${p.email}`} text="Reactivate" />
                  ) : (
                    <RowButton req={req} path={path} action="deactivate" fields={{ user_id: p.id }} label={`Deactivate ${p.email}`} text="Deactivate" danger />
                  ),
              },
            ]}
          />
          <Pager req={req} page={page} pages={pages} label="Pages of the people" />
        </section>

        <section class="card" aria-labelledby="add-h">
          <h2 id="add-h">Add a person directly</h2>
          <p class="muted">Active at once, without an e-mail; they set a password with "Forgot your password?" on the sign-in page.</p>
          <form method="post" action={path} class="form-grid">
            <FormHead req={req} action="add" />
            <Field state={add} id="add-email" name="email" label="E-mail" type="email" required />
            <Field state={add} id="add-name" name="name" label="Name" required />
            <Field state={add} id="add-role" name="role" label="Role" options={ROLE_OPTIONS} value="employee" />
            <Field state={add} id="add-team" name="team" label="Team" hint="Created when missing; becomes the primary team" />
            <Field state={add} id="add-profile" name="work_profile" label="Work profile" options={PROFILE_OPTIONS} hint="Empty: the team's, else operations" />
            <Field state={add} id="add-title" name="job_title" label="Job title" />
            <Field state={add} id="add-number" name="employee_number" label="Employee number" />
            <Field state={add} id="add-hours" name="weekly_hours" label="Weekly hours" type="number" />
            <Field state={add} id="add-start" name="start_date" label="Start date" type="date" />
            <div class="form-actions">
              <button type="submit">Add the person</button>
            </div>
          </form>
        </section>
      </>
    )
  },
})

/** One person's employment data (update_user), reached from the people list. */
export const adminPersonPage = definePage({
  path: '/admin/person',
  title: 'Edit a person',
  role: 'admin',
  actions: {
    update: (req, form) =>
      submitForm(
        req,
        'update',
        form,
        updateUser.input,
        formInput(updateUser.input, form, ['user_id', 'name', 'email', ...EMPLOYMENT], { clear: ['job_title', 'employee_number', 'start_date'] }),
        (input) => invoke(updateUser, req.ctx, input),
        (r) => `Saved ${r.name} (${r.email}).`,
      ),
  },
  async render(req) {
    const id = req.url.searchParams.get('id') ?? ''
    const p = await invoke(getUser, req.ctx, { user_id: id })
    const s = formStateOf(req, 'update')
    return (
      <>
        <p>
          <a href="/admin/people">Back to People</a>
        </p>
        <section class="card" aria-labelledby="emp-h">
          <h2 id="emp-h" safe>
            {`${p.name} · ${ROLE_LABEL[p.role]} · ${p.status}`}
          </h2>
          <form method="post" action={`/admin/person?id=${p.id}`} class="form-grid">
            <FormHead req={req} action="update" />
            <input type="hidden" name="user_id" value={p.id} />
            <Field state={s} id="p-name" name="name" label="Name" value={p.name} required />
            <Field state={s} id="p-email" name="email" label="E-mail" type="email" value={p.email} required />
            <Field state={s} id="p-title" name="job_title" label="Job title" value={p.job_title} />
            <Field state={s} id="p-number" name="employee_number" label="Employee number" value={p.employee_number} />
            <Field state={s} id="p-hours" name="weekly_hours" label="Weekly hours" type="number" value={p.weekly_hours} />
            <Field state={s} id="p-profile" name="work_profile" label="Work profile" options={WORK_PROFILES} value={p.work_profile} />
            <Field state={s} id="p-start" name="start_date" label="Start date" type="date" value={p.start_date} />
            <div class="form-actions">
              <button type="submit">Save</button>
            </div>
          </form>
          <p class="muted">
            Teams: <span safe>{p.teams.map((t) => `${t.name}${t.role_in_team === 'manager' ? ' (manager)' : ''}`).join(', ') || 'none'}</span> — change them on{' '}
            <a href="/admin/teams">Teams</a>.
          </p>
        </section>
      </>
    )
  },
})
