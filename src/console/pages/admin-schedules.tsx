/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { createSchedule } from '../../modules/shifts/create-schedule'
import { createShiftTemplate } from '../../modules/shifts/create-shift-template'
import { listRecurringSchedules } from '../../modules/shifts/list-recurring-schedules'
import { listShiftTemplates } from '../../modules/shifts/list-shift-templates'
import { publishSchedule } from '../../modules/shifts/publish-schedule'
import { listTeams } from '../../modules/teams/list-teams'
import { listUsers } from '../../modules/users/list-users'
import { definePage } from '../pages'
import type { FormState } from './admin-forms'
import { Field, FormHead, formInput, formStateOf, submitForm } from './admin-forms'

const PATH = '/admin/schedules'
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const dayNames = (days: number[]) => days.map((d) => DAYS[d - 1]).join(' ')

/** Weekday checkboxes; `checked` are ticked unless the last refused post says otherwise. */
const DaysField = (props: { state: FormState | null; id: string; legend: string; checked: number[] }) => {
  const typed = props.state ? props.state.entries.filter(([k]) => k === 'days_of_week').map(([, v]) => Number(v)) : props.checked
  const error = props.state?.errors.days_of_week
  return (
    <fieldset class={error ? 'field invalid' : 'field'} id={props.id}>
      <legend safe>{props.legend}</legend>
      {DAYS.map((d, i) => (
        <label class="check">
          <input type="checkbox" name="days_of_week" value={String(i + 1)} checked={typed.includes(i + 1)} /> {d}
        </label>
      ))}
      {error ? (
        <p class="field-error" data-field="days_of_week" safe>
          {`days_of_week: ${error}`}
        </p>
      ) : (
        ''
      )}
    </fieldset>
  )
}

export const adminSchedulesPage = definePage({
  path: PATH,
  title: 'Schedules',
  role: 'admin',
  nav: { section: 'Admin', label: 'Schedules' },
  actions: {
    add_template: (req, form) =>
      submitForm(
        req,
        'template',
        form,
        createShiftTemplate.input,
        formInput(createShiftTemplate.input, form, ['name', 'start_time', 'end_time', 'break_minutes', 'days_of_week'], { omitEmpty: ['days_of_week'] }),
        (input) => invoke(createShiftTemplate, req.ctx, input),
        (r) => `Shift template ${r.name} (${r.start_time}–${r.end_time}, ${r.paid_hours} paid hours) was added.`,
      ),
    add_schedule: (req, form) =>
      submitForm(
        req,
        'schedule',
        form,
        createSchedule.input,
        formInput(createSchedule.input, form, ['template_id', 'user_id', 'team_id', 'days_of_week', 'from', 'until', 'publish'], {
          omitEmpty: ['days_of_week'],
        }),
        (input) => invoke(createSchedule, req.ctx, input),
        (r) => `Weekly schedule saved as ${r.status} from ${r.from}.`,
      ),
    publish: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        publishSchedule.input,
        formInput(publishSchedule.input, form, ['schedule_id']),
        (input) => invoke(publishSchedule, req.ctx, input),
        (r) => `Schedule published: ${r.days_changed} days of shifts are now visible to the people.`,
      ),
  },
  async render(req) {
    const templates = await invoke(listShiftTemplates, req.ctx, { page_size: 100 })
    const schedules = await invoke(listRecurringSchedules, req.ctx, { page_size: 200 })
    const people = await invoke(listUsers, req.ctx, { page_size: 200, status: 'active' })
    const teams = await invoke(listTeams, req.ctx, { page_size: 100 })
    const tplNames = new Map(templates.data.map((t) => [t.id, t.name]))
    const names = new Map(people.data.map((p) => [p.id, p.name]))
    const teamNames = new Map(teams.data.map((t) => [t.id, t.name]))
    const t = formStateOf(req, 'template')
    const s = formStateOf(req, 'schedule')
    return (
      <>
        <section class="card" aria-labelledby="tpl-h">
          <h2 id="tpl-h">Shift templates</h2>
          {templates.data.length === 0 ? (
            <p class="muted">No templates yet.</p>
          ) : (
            <ul>
              {templates.data.map((x) => (
                <li
                  safe
                >{`${x.name}: ${x.start_time}–${x.end_time}${x.overnight ? ' (overnight)' : ''}, break ${x.break_minutes} min, ${x.paid_hours} h paid, ${dayNames(x.days_of_week)}`}</li>
              ))}
            </ul>
          )}
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="add_template" />
            <Field state={t} id="tpl-name" name="name" label="Template name" required />
            <Field state={t} id="tpl-start" name="start_time" label="Starts" type="time" required />
            <Field state={t} id="tpl-end" name="end_time" label="Ends" type="time" required />
            <Field state={t} id="tpl-break" name="break_minutes" label="Unpaid break (minutes)" type="number" value={30} />
            <DaysField state={t} id="tpl-days" legend="Template days" checked={[1, 2, 3, 4, 5]} />
            <div class="form-actions">
              <button type="submit">Add the template</button>
            </div>
          </form>
        </section>
        <section class="card" aria-labelledby="sched-h">
          <h2 id="sched-h">Weekly schedules</h2>
          <p class="muted">
            A template repeated on some weekdays for a person or a team. A draft is visible only here; publishing makes the shifts visible to the people.
          </p>
          {schedules.data.length === 0 ? (
            <p class="muted">No schedules yet.</p>
          ) : (
            <section class="table-wrap" tabindex="0" aria-labelledby="sched-h">
              <table>
                <thead>
                  <tr>
                    <th scope="col">For</th>
                    <th scope="col">Template</th>
                    <th scope="col">Days</th>
                    <th scope="col">From</th>
                    <th scope="col">Until</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {schedules.data.map((x) => {
                    const who = x.user_id ? (names.get(x.user_id) ?? 'a person') : `team ${teamNames.get(x.team_id ?? '') ?? ''}`
                    return (
                      <tr>
                        <td safe>{who}</td>
                        <td safe>{tplNames.get(x.template_id) ?? ''}</td>
                        <td safe>{dayNames(x.days_of_week)}</td>
                        <td safe>{x.from}</td>
                        <td safe>{x.until ?? '—'}</td>
                        <td>
                          {x.status === 'draft' ? (
                            <form method="post" action={PATH} class="inline">
                              <FormHead req={req} action="publish" />
                              <input type="hidden" name="schedule_id" value={x.id} />
                              <span>draft</span>
                              <button type="submit" aria-label={`Publish the schedule of ${who} from ${x.from}`}>
                                Publish
                              </button>
                            </form>
                          ) : (
                            'published'
                          )}
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </section>
          )}
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="add_schedule" />
            <Field
              state={s}
              id="sch-template"
              name="template_id"
              label="Template"
              options={[['', 'Choose a template'], ...templates.data.map((x): [string, string] => [x.id, x.name])]}
            />
            <Field
              state={s}
              id="sch-person"
              name="user_id"
              label="For a person"
              options={[['', '—'], ...people.data.map((p): [string, string] => [p.id, `${p.name} <${p.email}>`])]}
            />
            <Field state={s} id="sch-team" name="team_id" label="Or a team" options={[['', '—'], ...teams.data.map((x): [string, string] => [x.id, x.name])]} />
            <Field state={s} id="sch-from" name="from" label="From" type="date" required />
            <Field state={s} id="sch-until" name="until" label="Until (included)" type="date" hint="Empty: open-ended" />
            <DaysField state={s} id="sch-days" legend="Schedule days (none ticked: the template's)" checked={[]} />
            <div class="form-actions">
              <button type="submit">Save as draft</button>
            </div>
          </form>
        </section>
      </>
    )
  },
})
