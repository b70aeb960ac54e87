/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { listTeamMembers } from '../../modules/teams/list-team-members'
import { listTeams } from '../../modules/teams/list-teams'
import { addTeamMember, removeTeamMember, setTeamManager, unsetTeamManager } from '../../modules/teams/manage-members'
import { createTeam, updateTeamOp } from '../../modules/teams/manage-teams'
import { listUsers } from '../../modules/users/list-users'
import { definePage, type Flash } from '../pages'
import type { SignedInRequest } from '../request'
import { Field, FormHead, formInput, formStateOf, submitForm } from './admin-forms'
import { pageOf } from './paging'

/** Members shown per team (the rest on the team's own pages, ?team=…&page=…) and people offered per add list. */
export const TEAM_MEMBERS_PAGE_SIZE = 20
export const PEOPLE_CHOICES = 20

const PATH = '/admin/teams'

const membership =
  (op: typeof addTeamMember | typeof removeTeamMember | typeof setTeamManager | typeof unsetTeamManager, done: string) =>
  (req: SignedInRequest, form: URLSearchParams): Promise<Flash> =>
    submitForm(
      req,
      `team-${form.get('team_id')}`,
      form,
      op.input,
      formInput(op.input, form, ['team_id', 'user_id']),
      (input) => invoke(op as typeof removeTeamMember, req.ctx, input),
      () => done,
    )

const MemberButton = (props: { req: SignedInRequest; action: string; teamId: string; userId: string; label: string; text: string; danger?: boolean }) => (
  <form method="post" action={PATH} class="inline">
    <FormHead req={props.req} action={props.action} />
    <input type="hidden" name="team_id" value={props.teamId} />
    <input type="hidden" name="user_id" value={props.userId} />
    <button type="submit" class={props.danger ? 'danger' : 'secondary'} aria-label={props.label} safe>
      {props.text}
    </button>
  </form>
)

export const adminTeamsPage = definePage({
  path: PATH,
  title: 'Teams',
  role: 'admin',
  nav: { section: 'Admin', label: 'Teams' },
  actions: {
    create: (req, form) =>
      submitForm(
        req,
        'create',
        form,
        createTeam.input,
        formInput(createTeam.input, form, ['name']),
        (input) => invoke(createTeam, req.ctx, input),
        (r) => `Team ${r.name} was created.`,
      ),
    rename: (req, form) =>
      submitForm(
        req,
        `team-${form.get('team_id')}`,
        form,
        updateTeamOp.input,
        formInput(updateTeamOp.input, form, ['team_id', 'name']),
        (input) => invoke(updateTeamOp, req.ctx, input),
        (r) => `The team is now called ${r.name}.`,
      ),
    add_member: membership(addTeamMember, 'Added to the team.'),
    remove_member: membership(removeTeamMember, 'Removed from the team.'),
    set_manager: membership(setTeamManager, 'They now manage the team.'),
    unset_manager: membership(unsetTeamManager, 'They no longer manage the team.'),
  },
  async render(req) {
    const teams = await invoke(listTeams, req.ctx, { page_size: 100 })
    // The add lists offer a search's first matches (?q=…), not every person for every team.
    const q = (req.url.searchParams.get('q') ?? '').trim().slice(0, 200)
    const people = await invoke(listUsers, req.ctx, { page_size: PEOPLE_CHOICES, status: 'active', ...(q ? { search: q } : {}) })
    const openTeam = req.url.searchParams.get('team')
    const created = formStateOf(req, 'create')
    const cards = []
    for (const team of teams.data) {
      // One page of members per team; the team opened by its link pages through all of them.
      const page = team.id === openTeam ? pageOf(req) : 1
      const members = await invoke(listTeamMembers, req.ctx, { team_id: team.id, page, page_size: TEAM_MEMBERS_PAGE_SIZE })
      const st = formStateOf(req, `team-${team.id}`)
      const inTeam = new Set(members.data.map((m) => m.user_id))
      cards.push(
        <section class="card" aria-labelledby={`t-${team.id}`}>
          <h2 id={`t-${team.id}`} safe>
            {`${team.name} (${team.member_count})`}
          </h2>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="rename" />
            <input type="hidden" name="team_id" value={team.id} />
            <Field state={st} id={`rename-${team.id}`} name="name" label={`New name of ${team.name}`} value={team.name} required />
            <div class="form-actions">
              <button type="submit" class="secondary" aria-label={`Rename ${team.name}`}>
                Rename
              </button>
            </div>
          </form>
          {members.pagination.has_more || page > 1 ? (
            <p>
              {`Members ${(page - 1) * TEAM_MEMBERS_PAGE_SIZE + 1}–${(page - 1) * TEAM_MEMBERS_PAGE_SIZE + members.data.length} of ${members.pagination.total}. `}
              <a
                href={`${PATH}?team=${team.id}&page=${members.pagination.next_page ?? 1}`}
                aria-label={`${members.pagination.next_page ? 'Next' : 'First'} members of ${team.name}`}
              >
                {members.pagination.next_page ? `Next ${TEAM_MEMBERS_PAGE_SIZE}` : 'Back to the first'}
              </a>
            </p>
          ) : (
            ''
          )}
          {members.data.length === 0 ? (
            <p class="muted">No members yet.</p>
          ) : (
            <section class="table-wrap" tabindex="0" aria-labelledby={`t-${team.id}`}>
              <table>
                <thead>
                  <tr>
                    <th scope="col">Member</th>
                    <th scope="col">In the team</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {members.data.map((m) => (
                    <tr>
                      <td safe>{`${m.name} <${m.email}>`}</td>
                      <td safe>{`${m.role_in_team}${m.is_primary_team ? ', primary team' : ''}`}</td>
                      <td class="row-actions">
                        {m.role_in_team === 'manager' ? (
                          <MemberButton
                            req={req}
                            action="unset_manager"
                            teamId={team.id}
                            userId={m.user_id}
                            label={`Not manager of ${team.name}: ${m.email}`}
                            text="Not manager"
                          />
                        ) : m.role === 'employee' ? (
                          ''
                        ) : (
                          <MemberButton
                            req={req}
                            action="set_manager"
                            teamId={team.id}
                            userId={m.user_id}
                            label={`Make manager of ${team.name}: ${m.email}`}
                            text="Make manager"
                          />
                        )}
                        <MemberButton
                          req={req}
                          action="remove_member"
                          teamId={team.id}
                          userId={m.user_id}
                          label={`Remove ${m.email} from ${team.name}`}
                          text="Remove"
                          danger
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="add_member" />
            <input type="hidden" name="team_id" value={team.id} />
            <Field
              state={st}
              id={`add-${team.id}`}
              name="user_id"
              label={`Add to ${team.name}`}
              options={[
                ['', 'Choose a person'],
                ...people.data.filter((p) => !inTeam.has(p.id)).map((p): [string, string] => [p.id, `${p.name} <${p.email}>`]),
              ]}
            />
            <div class="form-actions">
              <button type="submit" class="secondary" aria-label={`Add the chosen person to ${team.name}`}>
                Add
              </button>
            </div>
          </form>
        </section>,
      )
    }
    return (
      <>
        <section class="card" aria-labelledby="create-h">
          <h2 id="create-h">Create a team</h2>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="create" />
            <Field state={created} id="team-name" name="name" label="Team name" required />
            <div class="form-actions">
              <button type="submit">Create the team</button>
            </div>
          </form>
        </section>
        <form method="get" action={PATH} class="card report-filters" aria-label="Find people to add">
          <label>
            Find people to add (name or e-mail)
            <input type="search" name="q" value={q} maxlength="200" />
          </label>
          <button type="submit" class="button">
            Search
          </button>
          <p class="muted">
            {q
              ? `The add lists show the first ${PEOPLE_CHOICES} people matching “${q}”.`
              : `The add lists show the first ${PEOPLE_CHOICES} people by name; search to find others.`}
          </p>
        </form>
        {teams.data.length === 0 ? <p class="muted">No teams yet.</p> : cards}
      </>
    )
  },
})
