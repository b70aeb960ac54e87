/** @jsxImportSource @kitajs/html */

/** A team the manager may look at (listTeams' rows). */
export interface TeamOption {
  id: string
  name: string
}

/** The team_id asked in the query when it is one of `teams`, else undefined (the caller's own scope). */
export function chosenTeam(url: URL, teams: TeamOption[]): string | undefined {
  const asked = url.searchParams.get('team_id') ?? ''
  return teams.some((t) => t.id === asked) ? asked : undefined
}

/**
 * The filter bar of the manager's chart pages: a period select (`name`, e.g. period or weeks), a team
 * select (`team_id`, empty = the caller's own scope) and "Show". A GET form: the page reads the query.
 */
export function PeriodForm(props: {
  action: string
  period: { name: string; label: string; options: [value: string, label: string][]; selected: string }
  teams: TeamOption[]
  teamId: string | undefined
  /** The empty team option: what the page shows without a team. */
  allTeams: string
}): JSX.Element {
  const p = props.period
  return (
    <form method="get" action={props.action} class="filters">
      <label for={p.name}>{p.label}</label>
      <select id={p.name} name={p.name}>
        {p.options.map(([k, v]) => (
          <option value={k} selected={k === p.selected} safe>
            {v}
          </option>
        ))}
      </select>
      <label for="team">Team</label>
      <select id="team" name="team_id">
        <option value="" safe>
          {props.allTeams}
        </option>
        {props.teams.map((t) => (
          <option value={t.id} selected={t.id === props.teamId} safe>
            {t.name}
          </option>
        ))}
      </select>
      <button type="submit" class="secondary">
        Show
      </button>
    </form>
  )
}
