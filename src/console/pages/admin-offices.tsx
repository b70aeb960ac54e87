/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { addOffice } from '../../modules/locations/add-office'
import { editOffice } from '../../modules/locations/edit-office'
import { listOfficesOp } from '../../modules/locations/list-offices'
import { removeOffice } from '../../modules/locations/remove-office'
import { definePage } from '../pages'
import { Field, FormHead, formInput, formStateOf, submitForm } from './admin-forms'

const PATH = '/admin/offices'
const POLICY_OPTIONS: [string, string][] = [
  ['', "company's policy"],
  ['off', 'off'],
  ['record', 'record'],
  ['enforce', 'enforce'],
]
const FIELDS = ['name', 'latitude', 'longitude', 'radius_meters', 'city', 'country', 'address', 'timezone', 'geofence_policy']

export const adminOfficesPage = definePage({
  path: PATH,
  title: 'Offices',
  role: 'admin',
  nav: { section: 'Admin', label: 'Offices' },
  actions: {
    add: (req, form) =>
      submitForm(
        req,
        'add',
        form,
        addOffice.input,
        formInput(addOffice.input, form, FIELDS),
        (input) => invoke(addOffice, req.ctx, input),
        (r) => `Office ${r.name} was added with a radius of ${r.radius_meters} m.`,
      ),
    edit: (req, form) =>
      submitForm(
        req,
        `office-${form.get('office_id')}`,
        form,
        editOffice.input,
        formInput(editOffice.input, form, ['office_id', ...FIELDS], { clear: ['geofence_policy', 'address'] }),
        (input) => invoke(editOffice, req.ctx, input),
        (r) => (r.changed.length ? `Office ${r.office.name} saved: ${r.changed.join(', ')} changed.` : `Office ${r.office.name}: nothing changed.`),
      ),
    remove: (req, form) =>
      submitForm(
        req,
        'remove',
        form,
        removeOffice.input,
        formInput(removeOffice.input, form, ['office_id']),
        (input) => invoke(removeOffice, req.ctx, input),
        (r) => `Office ${r.name} was removed${r.people_unassigned ? `; ${r.people_unassigned} people no longer have a home office` : ''}.`,
      ),
  },
  async render(req) {
    const offices = await invoke(listOfficesOp, req.ctx, {})
    const add = formStateOf(req, 'add')
    return (
      <>
        <p class="muted">
          Clock-ins are checked against each office's circle (centre and radius). The company's policy is on <a href="/admin/settings">Company settings</a>; an
          office can override it for the people whose home office it is.
        </p>
        {offices.data.map((o) => {
          const st = formStateOf(req, `office-${o.office_id}`)
          const id = (n: string) => `o-${o.office_id}-${n}`
          return (
            <section class="card" aria-labelledby={id('h')}>
              <h2 id={id('h')} safe>
                {`${o.name} · ${o.radius_meters} m`}
              </h2>
              <form method="post" action={PATH} class="form-grid">
                <FormHead req={req} action="edit" />
                <input type="hidden" name="office_id" value={o.office_id} />
                <Field state={st} id={id('name')} name="name" label="Name" value={o.name} />
                <Field state={st} id={id('lat')} name="latitude" label="Latitude" type="number" value={o.latitude} />
                <Field state={st} id={id('lon')} name="longitude" label="Longitude" type="number" value={o.longitude} />
                <Field state={st} id={id('radius')} name="radius_meters" label={`Radius of ${o.name} (m)`} type="number" value={o.radius_meters} />
                <Field state={st} id={id('city')} name="city" label="City" value={o.city} />
                <Field state={st} id={id('country')} name="country" label="Country" value={o.country} />
                <Field state={st} id={id('tz')} name="timezone" label="Time zone" value={o.timezone} />
                <Field state={st} id={id('policy')} name="geofence_policy" label="Clock-in policy" options={POLICY_OPTIONS} value={o.geofence_policy ?? ''} />
                <div class="form-actions">
                  <button type="submit" aria-label={`Save ${o.name}`}>
                    Save
                  </button>
                </div>
              </form>
              <form method="post" action={PATH} class="inline">
                <FormHead req={req} action="remove" />
                <input type="hidden" name="office_id" value={o.office_id} />
                <button type="submit" class="danger" aria-label={`Remove ${o.name}`}>
                  Remove
                </button>
              </form>
            </section>
          )
        })}
        <section class="card" aria-labelledby="add-office-h">
          <h2 id="add-office-h">Add an office</h2>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="add" />
            <Field state={add} id="office-name" name="name" label="Office name" required />
            <Field state={add} id="office-lat" name="latitude" label="Centre latitude" type="number" required />
            <Field state={add} id="office-lon" name="longitude" label="Centre longitude" type="number" required />
            <Field state={add} id="office-radius" name="radius_meters" label="Radius (m)" type="number" value={200} hint="10 to 50,000 metres" />
            <Field state={add} id="office-city" name="city" label="City" />
            <Field state={add} id="office-country" name="country" label="Country code" hint="ISO 3166-1, e.g. DE" />
            <Field state={add} id="office-tz" name="timezone" label="Office time zone" hint="Empty: the company's" />
            <div class="form-actions">
              <button type="submit">Add the office</button>
            </div>
          </form>
        </section>
      </>
    )
  },
})
