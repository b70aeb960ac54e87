/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { createSchedule } from '../../modules/shifts/create-schedule'
import { cancelShiftDay } from '../../modules/shifts/cancel-shift-day'
import { createShiftTemplate } from '../../modules/shifts/create-shift-template'
import { deleteSchedule } from '../../modules/shifts/delete-schedule'
import { deleteShiftTemplate } from '../../modules/shifts/delete-shift-template'
import { listRecurringSchedules } from '../../modules/shifts/list-recurring-schedules'
import { listShiftTemplates } from '../../modules/shifts/list-shift-templates'
import { publishSchedule } from '../../modules/shifts/publish-schedule'
import { resetShiftDay } from '../../modules/shifts/reset-shift-day'
import { setShiftDay } from '../../modules/shifts/set-shift-day'
import { updateSchedule } from '../../modules/shifts/update-schedule'
import { unpublishSchedule } from '../../modules/shifts/unpublish-schedule'
import { updateShiftTemplate } from '../../modules/shifts/update-shift-template'
import { listTeams } from '../../modules/teams/list-teams'
import { listUsers } from '../../modules/users/list-users'
import { Table } from '../components/table'
import { definePage } from '../pages'
import type { SignedInRequest } from '../request'
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

/** A one-button form of a table row (delete), named for screen readers. */
const rowButton = (req: SignedInRequest, action: string, field: string, id: string, text: string, label: string) => (
  <form method="post" action={PATH} class="inline">
    <FormHead req={req} action={action} />
    <input type="hidden" name={field} value={id} />
    <button type="submit" class="danger" aria-label={label}>
      {text}
    </button>
  </form>
)

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
    edit_template: (req, form) =>
      submitForm(
        req,
        'tpl_edit',
        form,
        updateShiftTemplate.input,
        formInput(updateShiftTemplate.input, form, ['template_id', 'name', 'start_time', 'end_time', 'break_minutes', 'days_of_week'], {
          omitEmpty: ['days_of_week'],
        }),
        (input) => invoke(updateShiftTemplate, req.ctx, input),
        (r) => `Shift template ${r.name} saved (${r.start_time}–${r.end_time}); published schedules using it change from today on.`,
      ),
    delete_template: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        deleteShiftTemplate.input,
        formInput(deleteShiftTemplate.input, form, ['template_id']),
        (input) => invoke(deleteShiftTemplate, req.ctx, input),
        () => 'Shift template deleted.',
      ),
    edit_schedule: (req, form) =>
      submitForm(
        req,
        'sched_edit',
        form,
        updateSchedule.input,
        formInput(updateSchedule.input, form, ['schedule_id', 'template_id', 'days_of_week', 'from', 'until'], { omitEmpty: ['days_of_week'] }),
        (input) => invoke(updateSchedule, req.ctx, input),
        (r) => `Weekly schedule saved (${r.status}, from ${r.from}${r.until ? ` until ${r.until}` : ''}).`,
      ),
    delete_schedule: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        deleteSchedule.input,
        formInput(deleteSchedule.input, form, ['schedule_id']),
        (input) => invoke(deleteSchedule, req.ctx, input),
        () => 'Weekly schedule deleted: its days from today on are removed, past days stay.',
      ),
    set_day: (req, form) =>
      submitForm(
        req,
        'day_set',
        form,
        setShiftDay.input,
        formInput(setShiftDay.input, form, ['user_id', 'date', 'template_id', 'start_time', 'end_time', 'break_minutes']),
        (input) => invoke(setShiftDay, req.ctx, input),
        (r) => `The shift of ${r.date} is set (one-off change, applies at once).`,
      ),
    unpublish: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        unpublishSchedule.input,
        formInput(unpublishSchedule.input, form, ['schedule_id']),
        (input) => invoke(unpublishSchedule, req.ctx, input),
        (r) => `Schedule back to draft: ${r.days_changed} days from today on were removed.`,
      ),
    reset_day: (req, form) =>
      submitForm(
        req,
        'day_reset',
        form,
        resetShiftDay.input,
        formInput(resetShiftDay.input, form, ['user_id', 'date']),
        (input) => invoke(resetShiftDay, req.ctx, input),
        (r) => `The one-off change of ${r.date} is undone: the day follows the published weekly schedules again.`,
      ),
    cancel_day: (req, form) =>
      submitForm(
        req,
        'day_cancel',
        form,
        cancelShiftDay.input,
        formInput(cancelShiftDay.input, form, ['user_id', 'date']),
        (input) => invoke(cancelShiftDay, req.ctx, input),
        (r) => `The shift of ${r.date} is cancelled (one-off change).`,
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
    const te = formStateOf(req, 'tpl_edit')
    const se = formStateOf(req, 'sched_edit')
    const ds = formStateOf(req, 'day_set')
    const dc = formStateOf(req, 'day_cancel')
    const dr = formStateOf(req, 'day_reset')
    const who = (x: (typeof schedules.data)[number]) => (x.user_id ? (names.get(x.user_id) ?? 'a person') : `team ${teamNames.get(x.team_id ?? '') ?? ''}`)
    const personOptions: [string, string][] = [['', 'Choose a person'], ...people.data.map((p): [string, string] => [p.id, `${p.name} <${p.email}>`])]
    return (
      <>
        <section class="card" aria-labelledby="tpl-h">
          <h2 id="tpl-h">Shift templates</h2>
          <Table
            rows={templates.data}
            labelledBy="tpl-h"
            empty="No templates yet."
            rowAttrs={(x) => ({ 'data-template-id': x.id })}
            columns={[
              { header: 'Template', text: (x) => x.name },
              { header: 'Times', text: (x) => `${x.start_time}–${x.end_time}${x.overnight ? ' (overnight)' : ''}` },
              { header: 'Break', text: (x) => `${x.break_minutes} min` },
              { header: 'Paid hours', text: (x) => String(x.paid_hours) },
              { header: 'Days', text: (x) => dayNames(x.days_of_week) },
              {
                header: 'Action',
                srOnly: true,
                cell: (x) => rowButton(req, 'delete_template', 'template_id', x.id, 'Delete', `Delete the template ${x.name}`),
              },
            ]}
          />
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
          {templates.data.length === 0 ? (
            ''
          ) : (
            <form method="post" action={PATH} class="form-grid">
              <FormHead req={req} action="edit_template" />
              <Field
                state={te}
                id="tpl-edit-id"
                name="template_id"
                label="Template to edit"
                options={[['', 'Choose a template'], ...templates.data.map((x): [string, string] => [x.id, x.name])]}
              />
              <Field state={te} id="tpl-edit-name" name="name" label="New name" hint="Empty fields stay as they are" />
              <Field state={te} id="tpl-edit-start" name="start_time" label="New start" type="time" />
              <Field state={te} id="tpl-edit-end" name="end_time" label="New end" type="time" />
              <Field state={te} id="tpl-edit-break" name="break_minutes" label="New unpaid break (minutes)" type="number" />
              <DaysField state={te} id="tpl-edit-days" legend="New template days (none ticked: unchanged)" checked={[]} />
              <div class="form-actions">
                <button type="submit">Save the template</button>
              </div>
            </form>
          )}
        </section>
        <section class="card" aria-labelledby="sched-h">
          <h2 id="sched-h">Weekly schedules</h2>
          <p class="muted">
            A template repeated on some weekdays for a person or a team. A draft is visible only here; publishing makes the shifts visible to the people.
          </p>
          <Table
            rows={schedules.data}
            labelledBy="sched-h"
            empty="No schedules yet."
            rowAttrs={(x) => ({ 'data-schedule-id': x.id })}
            columns={[
              { header: 'For', text: (x) => who(x) },
              { header: 'Template', text: (x) => tplNames.get(x.template_id) ?? '' },
              { header: 'Days', text: (x) => dayNames(x.days_of_week) },
              { header: 'From', text: (x) => x.from },
              { header: 'Until', text: (x) => x.until ?? '—' },
              {
                header: 'Status',
                cell: (x) =>
                  x.status === 'draft' ? (
                    <form method="post" action={PATH} class="inline">
                      <FormHead req={req} action="publish" />
                      <input type="hidden" name="schedule_id" value={x.id} />
                      <span>draft</span>
                      <button type="submit" aria-label={`Publish the schedule of ${who(x)} from ${x.from}`}>
                        Publish
                      </button>
                    </form>
                  ) : (
                    <form method="post" action={PATH} class="inline">
                      <FormHead req={req} action="unpublish" />
                      <input type="hidden" name="schedule_id" value={x.id} />
                      <span>published</span>
                      <button type="submit" class="secondary" aria-label={`Unpublish the schedule of ${who(x)} from ${x.from}`}>
                        Unpublish
                      </button>
                    </form>
                  ),
              },
              {
                header: 'Action',
                srOnly: true,
                cell: (x) => rowButton(req, 'delete_schedule', 'schedule_id', x.id, 'Delete', `Delete the schedule of ${who(x)} from ${x.from}`),
              },
            ]}
          />
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
          {schedules.data.length === 0 ? (
            ''
          ) : (
            <form method="post" action={PATH} class="form-grid">
              <FormHead req={req} action="edit_schedule" />
              <Field
                state={se}
                id="sch-edit-id"
                name="schedule_id"
                label="Schedule to edit"
                options={[
                  ['', 'Choose a schedule'],
                  ...schedules.data.map((x): [string, string] => [x.id, `${who(x)}: ${tplNames.get(x.template_id) ?? ''} from ${x.from}`]),
                ]}
              />
              <Field
                state={se}
                id="sch-edit-template"
                name="template_id"
                label="New template"
                options={[['', 'Unchanged'], ...templates.data.map((x): [string, string] => [x.id, x.name])]}
              />
              <Field state={se} id="sch-edit-from" name="from" label="New from" type="date" hint="Empty fields stay as they are" />
              <Field state={se} id="sch-edit-until" name="until" label="New until (included)" type="date" />
              <DaysField state={se} id="sch-edit-days" legend="New schedule days (none ticked: unchanged)" checked={[]} />
              <div class="form-actions">
                <button type="submit">Save the schedule</button>
              </div>
            </form>
          )}
        </section>
        <section class="card" aria-labelledby="day-h">
          <h2 id="day-h">One day</h2>
          <p class="muted">
            A one-off change of one person's day: it applies at once (no publishing) and is kept when the weekly schedules change. Undo it to follow the weekly
            schedules again.
          </p>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="set_day" />
            <Field state={ds} id="day-person" name="user_id" label="Person" options={personOptions} />
            <Field state={ds} id="day-date" name="date" label="Date" type="date" required />
            <Field
              state={ds}
              id="day-template"
              name="template_id"
              label="Shift template"
              options={[['', '—'], ...templates.data.map((x): [string, string] => [x.id, x.name])]}
              hint="Or start and end times"
            />
            <Field state={ds} id="day-start" name="start_time" label="Or starts" type="time" />
            <Field state={ds} id="day-end" name="end_time" label="And ends" type="time" />
            <Field state={ds} id="day-break" name="break_minutes" label="Unpaid break (minutes)" type="number" hint="Empty: the template's, else 0" />
            <div class="form-actions">
              <button type="submit">Set the day's shift</button>
            </div>
          </form>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="cancel_day" />
            <Field state={dc} id="cancel-person" name="user_id" label="Person whose day to cancel" options={personOptions} />
            <Field state={dc} id="cancel-date" name="date" label="Date to cancel" type="date" required />
            <div class="form-actions">
              <button type="submit">Cancel the day's shift</button>
            </div>
          </form>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="reset_day" />
            <Field state={dr} id="reset-person" name="user_id" label="Person whose one-off change to undo" options={personOptions} />
            <Field state={dr} id="reset-date" name="date" label="Date to undo" type="date" required />
            <div class="form-actions">
              <button type="submit">Undo the one-off change</button>
            </div>
          </form>
        </section>
      </>
    )
  },
})
