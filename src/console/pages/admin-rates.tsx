/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { listPayRateHistory } from '../../modules/payroll/list-pay-rate-history'
import { listRateCards } from '../../modules/payroll/list-rate-cards'
import { setDefaultPayRate } from '../../modules/payroll/set-default-pay-rate'
import { setPayRate } from '../../modules/payroll/set-pay-rate'
import { getCompanySettings } from '../../modules/tenants/get-company-settings'
import { listTeams } from '../../modules/teams/list-teams'
import { listUsers } from '../../modules/users/list-users'
import { WORK_PROFILES } from '../../modules/users/schema'
import { definePage } from '../pages'
import type { SignedInRequest } from '../request'
import { Field, FormHead, formInput, formStateOf, ROLE_OPTIONS, submitForm } from './admin-forms'

const PATH = '/admin/rates'
const RATE = ['hourly_rate_cents', 'effective_from', 'overtime_multiplier', 'name', 'reason']

/** The form takes the rate in currency units (25.50); the operation takes cents. */
function rateInput(schema: Parameters<typeof formInput>[0], form: URLSearchParams, fields: string[]) {
  const input = formInput(schema, form, fields)
  if (typeof input.hourly_rate_cents === 'number') input.hourly_rate_cents = Math.round(input.hourly_rate_cents * 100)
  return input
}

const money = (req: SignedInRequest, cents: number, currency: string) => new Intl.NumberFormat(req.locale, { style: 'currency', currency }).format(cents / 100)

export const adminRatesPage = definePage({
  path: PATH,
  title: 'Pay rates',
  role: 'admin',
  nav: { section: 'Admin', label: 'Pay rates' },
  actions: {
    set_person: (req, form) =>
      submitForm(
        req,
        'person',
        form,
        setPayRate.input,
        rateInput(setPayRate.input, form, ['user_id', ...RATE]),
        (input) => invoke(setPayRate, req.ctx, input),
        (r) => `Rate ${r.rate_card.name} saved from ${r.rate_card.effective_from}${r.ended.length ? `; the previous rate ends the day before` : ''}.`,
      ),
    set_default: (req, form) =>
      submitForm(
        req,
        'default',
        form,
        setDefaultPayRate.input,
        rateInput(setDefaultPayRate.input, form, ['team_id', 'role', 'work_profile', ...RATE]),
        (input) => invoke(setDefaultPayRate, req.ctx, input),
        (r) => `Rate ${r.rate_card.name} saved (${r.rate_card.applies_to}).`,
      ),
  },
  async render(req) {
    const settings = await invoke(getCompanySettings, req.ctx, {})
    const people = await invoke(listUsers, req.ctx, { page_size: 200, status: 'active' })
    const teams = await invoke(listTeams, req.ctx, { page_size: 100 })
    const cards = await invoke(listRateCards, req.ctx, { page_size: 200 })
    const personId = req.url.searchParams.get('person')
    const history = personId ? await invoke(listPayRateHistory, req.ctx, { user_id: personId }) : null
    const names = new Map(people.data.map((p) => [p.id, p.name]))
    const teamNames = new Map(teams.data.map((t) => [t.id, t.name]))
    const p = formStateOf(req, 'person')
    const d = formStateOf(req, 'default')
    const cur = settings.currency
    const target = (c: (typeof cards.data)[number]) =>
      c.user_id
        ? (names.get(c.user_id) ?? 'a person')
        : c.team_id
          ? `team ${teamNames.get(c.team_id) ?? ''}`
          : c.role
            ? `role ${c.role}`
            : c.work_profile
              ? `work profile ${c.work_profile}`
              : 'everyone (default)'
    return (
      <>
        <p class="muted">
          Rates are in <span safe>{cur}</span>. A person's own rate beats their team's, which beats their role's, their work profile's and the company default.
          A new rate of the same target ends the previous one the day before.
        </p>
        <section class="card" aria-labelledby="rate-person-h">
          <h2 id="rate-person-h">A person's rate</h2>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="set_person" />
            <Field
              state={p}
              id="rate-person"
              name="user_id"
              label="Person"
              options={[['', 'Choose a person'], ...people.data.map((x): [string, string] => [x.id, `${x.name} <${x.email}>`])]}
            />
            <Field state={p} id="rate-amount" name="hourly_rate_cents" label={`Hourly rate (${cur})`} type="number" required />
            <Field state={p} id="rate-from" name="effective_from" label="From" type="date" required />
            <Field state={p} id="rate-ot" name="overtime_multiplier" label="Overtime multiplier" type="number" hint="Empty: the company's" />
            <Field state={p} id="rate-reason" name="reason" label="Reason (audit log)" />
            <div class="form-actions">
              <button type="submit">Save the person's rate</button>
            </div>
          </form>
        </section>
        <section class="card" aria-labelledby="rate-default-h">
          <h2 id="rate-default-h">Default rates</h2>
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="set_default" />
            <Field
              state={d}
              id="def-team"
              name="team_id"
              label="For the team"
              options={[['', '—'], ...teams.data.map((t): [string, string] => [t.id, t.name])]}
            />
            <Field state={d} id="def-role" name="role" label="Or the role" options={[['', '—'], ...ROLE_OPTIONS]} />
            <Field
              state={d}
              id="def-profile"
              name="work_profile"
              label="Or the work profile"
              options={['', ...WORK_PROFILES]}
              hint="None chosen: the company default"
            />
            <Field state={d} id="def-amount" name="hourly_rate_cents" label={`Default hourly rate (${cur})`} type="number" required />
            <Field state={d} id="def-from" name="effective_from" label="Default from" type="date" required />
            <div class="form-actions">
              <button type="submit">Save the default rate</button>
            </div>
          </form>
        </section>
        <section class="card" aria-labelledby="cards-h">
          <h2 id="cards-h">Rate cards</h2>
          {cards.data.length === 0 ? (
            <p class="muted">No rates yet.</p>
          ) : (
            <section class="table-wrap" tabindex="0" aria-labelledby="cards-h">
              <table>
                <thead>
                  <tr>
                    <th scope="col">For</th>
                    <th scope="col">Hourly</th>
                    <th scope="col">Overtime ×</th>
                    <th scope="col">From</th>
                    <th scope="col">Until</th>
                  </tr>
                </thead>
                <tbody>
                  {cards.data.map((c) => (
                    <tr>
                      <td>
                        {c.user_id ? (
                          <a href={`${PATH}?person=${c.user_id}`} safe>
                            {target(c)}
                          </a>
                        ) : (
                          <span safe>{target(c)}</span>
                        )}
                      </td>
                      <td safe>{money(req, c.hourly_rate_cents, c.currency)}</td>
                      <td safe>{String(c.overtime_multiplier)}</td>
                      <td safe>{c.effective_from}</td>
                      <td safe>{c.effective_to ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          )}
        </section>
        {history ? (
          <section class="card" aria-labelledby="hist-h">
            <h2 id="hist-h" safe>
              {`History of ${names.get(history.user_id) ?? 'the person'}`}
            </h2>
            <p safe>{`On ${history.on}: ${money(req, history.applies.hourly_rate_cents, cur)} (${history.applies.rate_source})`}</p>
            <ul>
              {history.data.map((c) => (
                <li safe>{`${c.effective_from} → ${c.effective_to ?? 'open'}: ${money(req, c.hourly_rate_cents, c.currency)}`}</li>
              ))}
            </ul>
          </section>
        ) : (
          ''
        )}
      </>
    )
  },
})
