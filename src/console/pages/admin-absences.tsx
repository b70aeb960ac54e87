/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { addAbsence } from '../../modules/absences/add-absence'
import { addHoliday } from '../../modules/absences/add-holiday'
import { deleteAbsenceOp } from '../../modules/absences/delete-absence'
import { deleteHolidayOp } from '../../modules/absences/delete-holiday'
import { listAbsences } from '../../modules/absences/list-absences'
import { listHolidays } from '../../modules/absences/list-holidays'
import { listOfficesOp } from '../../modules/locations/list-offices'
import { listUsers } from '../../modules/users/list-users'
import { Table } from '../components/table'
import { formatDay } from '../format'
import { definePage } from '../pages'
import { Field, FormHead, formInput, formStateOf, submitForm } from './admin-forms'

const PATH = '/admin/absences'

export const adminAbsencesPage = definePage({
  path: PATH,
  title: 'Absences and holidays',
  role: 'admin',
  nav: { section: 'Admin', label: 'Absences and holidays' },
  actions: {
    add_absence: (req, form) =>
      submitForm(
        req,
        'absence',
        form,
        addAbsence.input,
        formInput(addAbsence.input, form, ['user_id', 'kind', 'start_date', 'end_date', 'hours', 'start_time', 'end_time', 'paid', 'note']),
        (input) => invoke(addAbsence, req.ctx, input),
        (r) => `${r.kind} from ${r.start_date} to ${r.end_date} was recorded (${r.paid ? 'paid' : 'unpaid'}).`,
      ),
    delete_absence: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        deleteAbsenceOp.input,
        formInput(deleteAbsenceOp.input, form, ['absence_id']),
        (input) => invoke(deleteAbsenceOp, req.ctx, input),
        () => 'The absence was deleted; those days are ordinary days again.',
      ),
    add_holiday: (req, form) =>
      submitForm(
        req,
        'holiday',
        form,
        addHoliday.input,
        formInput(addHoliday.input, form, ['date', 'name', 'office_id']),
        (input) => invoke(addHoliday, req.ctx, input),
        (r) => `Holiday ${r.name} on ${r.date} was added.`,
      ),
    delete_holiday: (req, form) =>
      submitForm(
        req,
        'row',
        form,
        deleteHolidayOp.input,
        formInput(deleteHolidayOp.input, form, ['holiday_id']),
        (input) => invoke(deleteHolidayOp, req.ctx, input),
        () => 'The holiday was deleted.',
      ),
  },
  async render(req) {
    const people = await invoke(listUsers, req.ctx, { page_size: 200, status: 'active' })
    const absences = await invoke(listAbsences, req.ctx, { page_size: 200 })
    const holidays = await invoke(listHolidays, req.ctx, {})
    const offices = await invoke(listOfficesOp, req.ctx, {})
    const names = new Map(people.data.map((p) => [p.id, p.name]))
    const officeNames = new Map(offices.data.map((o) => [o.office_id, o.name]))
    const a = formStateOf(req, 'absence')
    const h = formStateOf(req, 'holiday')
    return (
      <>
        <section class="card" aria-labelledby="abs-add-h">
          <h2 id="abs-add-h">Add time off</h2>
          <p class="muted">Entered by an admin, so approved at once. Whole days from start to end, or part of one day (hours, or start and end times).</p>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="add_absence" />
            <Field
              state={a}
              id="abs-person"
              name="user_id"
              label="Person"
              options={[['', 'Choose a person'], ...people.data.map((p): [string, string] => [p.id, `${p.name} <${p.email}>`])]}
            />
            <Field state={a} id="abs-kind" name="kind" label="Kind" options={['vacation', 'sick', 'other']} value="vacation" />
            <Field state={a} id="abs-start" name="start_date" label="From" type="date" required />
            <Field state={a} id="abs-end" name="end_date" label="To (included)" type="date" hint="Empty: one day" />
            <Field state={a} id="abs-hours" name="hours" label="Hours (part day)" type="number" />
            <Field state={a} id="abs-from" name="start_time" label="Start time (part day)" type="time" />
            <Field state={a} id="abs-until" name="end_time" label="End time (part day)" type="time" />
            <Field
              state={a}
              id="abs-paid"
              name="paid"
              label="Paid"
              options={[
                ['', 'default (vacation, sick: yes)'],
                ['true', 'paid'],
                ['false', 'unpaid'],
              ]}
            />
            <Field state={a} id="abs-note" name="note" label="Note" />
            <div class="form-actions">
              <button type="submit">Add the time off</button>
            </div>
          </form>
        </section>
        <section class="card" aria-labelledby="abs-h">
          <h2 id="abs-h">Time off</h2>
          <Table
            rows={absences.data}
            labelledBy="abs-h"
            empty="No time off recorded."
            columns={[
              { header: 'Person', text: (x) => names.get(x.user_id) ?? x.user_id },
              { header: 'Kind', text: (x) => (x.part_day ? `${x.kind} (${x.hours ?? `${x.start_time}–${x.end_time}`} h)` : x.kind) },
              { header: 'From', text: (x) => formatDay(req, x.start_date) },
              { header: 'To', text: (x) => formatDay(req, x.end_date) },
              { header: 'Paid', text: (x) => (x.paid ? 'yes' : 'no') },
              {
                header: 'Actions',
                cell: (x) => (
                  <form method="post" action={PATH} class="inline">
                    <FormHead req={req} action="delete_absence" />
                    <input type="hidden" name="absence_id" value={x.id} />
                    <button type="submit" class="danger" aria-label={`Delete the ${x.kind} of ${names.get(x.user_id) ?? ''} from ${x.start_date}`}>
                      Delete
                    </button>
                  </form>
                ),
              },
            ]}
          />
        </section>
        <section class="card" aria-labelledby="hol-h">
          <h2 id="hol-h">Holidays (the next 12 months)</h2>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="add_holiday" />
            <Field state={h} id="hol-date" name="date" label="Holiday date" type="date" required />
            <Field state={h} id="hol-name" name="name" label="Holiday name" required />
            <Field
              state={h}
              id="hol-office"
              name="office_id"
              label="For"
              options={[['', 'everyone'], ...offices.data.map((o): [string, string] => [o.office_id, `people of ${o.name}`])]}
            />
            <div class="form-actions">
              <button type="submit">Add the holiday</button>
            </div>
          </form>
          {holidays.data.length === 0 ? (
            <p class="muted">No holidays in the next 12 months.</p>
          ) : (
            <ul>
              {holidays.data.map((x) => (
                <li>
                  <span
                    safe
                  >{`${formatDay(req, x.date)} ${x.date.slice(0, 4)} · ${x.name} · ${x.office_id ? (officeNames.get(x.office_id) ?? 'an office') : 'everyone'}`}</span>{' '}
                  <form method="post" action={PATH} class="inline">
                    <FormHead req={req} action="delete_holiday" />
                    <input type="hidden" name="holiday_id" value={x.id} />
                    <button type="submit" class="danger" aria-label={`Delete the holiday ${x.name}`}>
                      Delete
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    )
  },
})
