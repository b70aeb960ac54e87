/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { listTeamMembers } from '../../modules/teams/list-team-members'
import { getTeam } from '../../modules/teams/get-team'
import { listTeams } from '../../modules/teams/list-teams'
import { addTeamMember, removeTeamMember, setTeamManager, unsetTeamManager } from '../../modules/teams/manage-members'
import { createTeam, updateTeamOp } from '../../modules/teams/manage-teams'
import { listUsers } from '../../modules/users/list-users'
import { definePage, type Flash } from '../pages'
import type { SignedInRequest } from '../request'
import { Field, FormHead, formInput, formStateOf, keepResult, resultOf, submitForm } from './admin-forms'
import { Pager, pageOf } from './paging'

/** Teams per page of the list, members per page of the open team, people offered by the add list. */
export const TEAMS_PAGE_SIZE = 25
export const TEAM_MEMBERS_PAGE_SIZE = 20
export const PEOPLE_CHOICES = 20
/** The team an action worked on stays open on the page rendered after it. */
const OPEN = 'open-team'
const PATH = '/admin/teams'

const membership =
  (op: typeof addTeamMember | typeof removeTeamMember | typeof setTeamManager | typeof unsetTeamManager, done: string) =>
  (req: SignedInRequest, form: URLSearchParams): Promise<Flash> => {
    keepResult(req, OPEN, form.get('team_id'))
    return submitForm(
      req,
      `team-${form.get('team_id')}`,
      form,
      op.input,
      formInput(op.input, form, ['team_id', 'user_id']),
      (input) => invoke(op as typeof removeTeamMember, req.ctx, input),
      () => done,
    )
  }

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
        (r) => {
          keepResult(req, OPEN, r.id)
          return `Team ${r.name} was created.`
        },
      ),
    rename: (req, form) => {
      keepResult(req, OPEN, form.get('team_id'))
      return submitForm(
        req,
        `team-${form.get('team_id')}`,
        form,
        updateTeamOp.input,
        formInput(updateTeamOp.input, form, ['team_id', 'name']),
        (input) => invoke(updateTeamOp, req.ctx, input),
        (r) => `The team is now called ${r.name}.`,
      )
    },
    add_member: membership(addTeamMember, 'Added to the team.'),
    remove_member: membership(removeTeamMember, 'Removed from the team.'),
    set_manager: membership(setTeamManager, 'They now manage the team.'),
    unset_manager: membership(unsetTeamManager, 'They no longer manage the team.'),
  },
  /**
   * The teams with their member counts, a page at a time; one team open (`?team=…`, or the one an
   * action just worked on) with its rename form, a page of its members and an add list of the first
   * people matching a search (`?q=…`): never every person for every team.
   */
  async render(req) {
    const params = req.url.searchParams
    const teams = await invoke(listTeams, req.ctx, { page: pageOf(req, 'teams_page'), page_size: TEAMS_PAGE_SIZE })
    const openId = resultOf<string>(req, OPEN) ?? params.get('team')
    const open = openId && /^[0-9a-f-]{36}$/i.test(openId) ? await invoke(getTeam, req.ctx, { team_id: openId }).catch(() => null) : null
    const created = formStateOf(req, 'create')
    const q = (params.get('q') ?? '').trim().slice(0, 200)
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
        {open ? await OpenTeam({ req, team: open, q }) : ''}
        <section class="card" aria-labelledby="teams-h">
          <h2 id="teams-h">{`Teams (${teams.pagination.total})`}</h2>
          {teams.data.length === 0 ? (
            <p class="muted">No teams yet.</p>
          ) : (
            <section class="table-wrap" tabindex="0" aria-labelledby="teams-h">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Team</th>
                    <th scope="col" class="num">
                      Members
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {teams.data.map((t) => (
                    <tr>
                      <td>
                        <a href={`${PATH}?team=${t.id}`} aria-current={t.id === open?.id ? 'true' : undefined} safe>
                          {t.name}
                        </a>
                      </td>
                      <td class="num">{t.member_count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
          <Pager
            req={req}
            page={teams.pagination.page}
            pages={Math.max(1, Math.ceil(teams.pagination.total / TEAMS_PAGE_SIZE))}
            label="Pages of the teams"
            param="teams_page"
          />
        </section>
      </>
    )
  },
})

type TeamView = { id: string; name: string; member_count: number }

/** One team: rename, a page of its members with their actions, and the add list. */
async function OpenTeam({ req, team, q }: { req: SignedInRequest; team: TeamView; q: string }) {
  const page = pageOf(req)
  const members = await invoke(listTeamMembers, req.ctx, { team_id: team.id, page, page_size: TEAM_MEMBERS_PAGE_SIZE })
  const people = await invoke(listUsers, req.ctx, { page_size: PEOPLE_CHOICES, status: 'active', ...(q ? { search: q } : {}) })
  const st = formStateOf(req, `team-${team.id}`)
  const inTeam = new Set(members.data.map((m) => m.user_id))
  const here = `${PATH}?team=${team.id}`
  return (
    <section class="card" aria-labelledby={`t-${team.id}`}>
      <h2 id={`t-${team.id}`} safe>
        {`${team.name} (${team.member_count})`}
      </h2>
      <form method="post" action={here} class="form-grid">
        <FormHead req={req} action="rename" />
        <input type="hidden" name="team_id" value={team.id} />
        <Field state={st} id={`rename-${team.id}`} name="name" label={`New name of ${team.name}`} value={team.name} required />
        <div class="form-actions">
          <button type="submit" class="secondary" aria-label={`Rename ${team.name}`}>
            Rename
          </button>
        </div>
      </form>
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
      <Pager
        req={req}
        page={page}
        pages={Math.max(1, Math.ceil(members.pagination.total / TEAM_MEMBERS_PAGE_SIZE))}
        label={`Pages of the members of ${team.name}`}
      />
      <form method="get" action={PATH} class="form-grid" aria-label={`Find people to add to ${team.name}`}>
        <input type="hidden" name="team" value={team.id} />
        <label>
          Find people to add (name or e-mail)
          <input type="search" name="q" value={q} maxlength="200" />
        </label>
        <div class="form-actions">
          <button type="submit" class="secondary">
            Search
          </button>
        </div>
      </form>
      <form method="post" action={here} class="form-grid">
        <FormHead req={req} action="add_member" />
        <input type="hidden" name="team_id" value={team.id} />
        <Field
          state={st}
          id={`add-${team.id}`}
          name="user_id"
          label={`Add to ${team.name}`}
          options={[
            ['', q ? `Choose one of the people matching “${q}”` : 'Choose a person'],
            ...people.data.filter((p) => !inTeam.has(p.id)).map((p): [string, string] => [p.id, `${p.name} <${p.email}>`]),
          ]}
        />
        <div class="form-actions">
          <button type="submit" class="secondary" aria-label={`Add the chosen person to ${team.name}`}>
            Add
          </button>
        </div>
      </form>
      <p class="muted">
        {people.pagination.has_more
          ? `The list offers the first ${PEOPLE_CHOICES} of ${people.pagination.total} people${q ? ' matching the search' : ''}; search to find others.`
          : `${people.pagination.total} ${people.pagination.total === 1 ? 'person matches' : 'people match'}.`}
      </p>
    </section>
  )
}
