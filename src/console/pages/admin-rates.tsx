/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { endPayRate } from '../../modules/payroll/end-pay-rate'
import { listPayRateHistory } from '../../modules/payroll/list-pay-rate-history'
import { listRateCards } from '../../modules/payroll/list-rate-cards'
import { setDefaultPayRate } from '../../modules/payroll/set-default-pay-rate'
import { setPayRate } from '../../modules/payroll/set-pay-rate'
import { endProjectBillRate } from '../../modules/projects/end-project-bill-rate'
import { listProjectBillRates } from '../../modules/projects/list-project-bill-rates'
import { listProjects } from '../../modules/projects/list-projects'
import { setProjectBillRate } from '../../modules/projects/set-project-bill-rate'
import { getCompanySettings } from '../../modules/tenants/get-company-settings'
import { listTeams } from '../../modules/teams/list-teams'
import { listUsers } from '../../modules/users/list-users'
import { WORK_PROFILES } from '../../modules/users/schema'
import { Table } from '../components/table'
import { definePage } from '../pages'
import type { SignedInRequest } from '../request'
import { Field, FormHead, formInput, formStateOf, keepResult, ROLE_OPTIONS, resultOf, submitForm } from './admin-forms'

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
    end_rate: (req, form) =>
      submitForm(
        req,
        'end',
        form,
        endPayRate.input,
        formInput(endPayRate.input, form, ['rate_card_id', 'effective_to', 'reason']),
        (input) => invoke(endPayRate, req.ctx, input),
        (r) => `Rate ${r.name} ends on ${r.effective_to}; from the next day the next most specific rate applies.`,
      ),
    set_bill: (req, form) =>
      submitForm(
        req,
        'bill',
        form,
        setProjectBillRate.input,
        rateInput(setProjectBillRate.input, form, ['project_id', 'hourly_rate_cents', 'effective_from', 'reason']),
        (input) => {
          keepResult(req, 'bill-project', form.get('project_id') ?? '')
          return invoke(setProjectBillRate, req.ctx, input)
        },
        (r) => `Bill rate saved from ${r.bill_rate.effective_from}${r.ended.length ? '; the previous bill rate ends the day before' : ''}.`,
      ),
    end_bill: (req, form) =>
      submitForm(
        req,
        'bill-end',
        form,
        endProjectBillRate.input,
        formInput(endProjectBillRate.input, form, ['bill_rate_id', 'effective_to', 'reason']),
        (input) => {
          keepResult(req, 'bill-project', form.get('project_id') ?? '')
          return invoke(endProjectBillRate, req.ctx, input)
        },
        (r) => `Bill rate ends on ${r.effective_to}; from the next day no dated bill rate covers the project.`,
      ),
  },
  async render(req) {
    const settings = await invoke(getCompanySettings, req.ctx, {})
    const people = await invoke(listUsers, req.ctx, { page_size: 200, status: 'active' })
    const teams = await invoke(listTeams, req.ctx, { page_size: 100 })
    const cards = await invoke(listRateCards, req.ctx, { page_size: 200 })
    const personId = req.url.searchParams.get('person')
    const history = personId ? await invoke(listPayRateHistory, req.ctx, { user_id: personId }) : null
    const projects = await invoke(listProjects, req.ctx, { page_size: 100 })
    const projectId = resultOf<string>(req, 'bill-project') ?? req.url.searchParams.get('project')
    const project = projects.data.find((x) => x.id === projectId) ?? null
    const bills = project ? await invoke(listProjectBillRates, req.ctx, { project_id: project.id }) : null
    const today = new Date().toISOString().slice(0, 10)
    const open = cards.data.filter((c) => c.effective_to === null || c.effective_to >= today)
    const names = new Map(people.data.map((p) => [p.id, p.name]))
    const teamNames = new Map(teams.data.map((t) => [t.id, t.name]))
    const p = formStateOf(req, 'person')
    const d = formStateOf(req, 'default')
    const en = formStateOf(req, 'end')
    const b = formStateOf(req, 'bill')
    const be = formStateOf(req, 'bill-end')
    const openBills = bills ? bills.data.filter((x) => x.effective_to === null || x.effective_to >= today) : []
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
          <Table
            rows={cards.data}
            labelledBy="cards-h"
            empty="No rates yet."
            rowAttrs={(c) => ({ 'data-rate-card-id': c.id })}
            columns={[
              {
                header: 'For',
                cell: (c) =>
                  c.user_id ? (
                    <a href={`${PATH}?person=${c.user_id}`} safe>
                      {target(c)}
                    </a>
                  ) : (
                    <span safe>{target(c)}</span>
                  ),
              },
              { header: 'Hourly', text: (c) => money(req, c.hourly_rate_cents, c.currency) },
              { header: 'Overtime ×', text: (c) => String(c.overtime_multiplier) },
              { header: 'From', text: (c) => c.effective_from },
              { header: 'Until', text: (c) => c.effective_to ?? '—' },
            ]}
          />
          {open.length === 0 ? (
            ''
          ) : (
            <form method="post" action={PATH} class="form-grid">
              <FormHead req={req} action="end_rate" />
              <Field
                state={en}
                id="end-card"
                name="rate_card_id"
                label="Rate to end"
                options={[
                  ['', 'Choose a rate'],
                  ...open.map((c): [string, string] => [c.id, `${target(c)}: ${money(req, c.hourly_rate_cents, c.currency)} from ${c.effective_from}`]),
                ]}
              />
              <Field state={en} id="end-to" name="effective_to" label="Last day it applies" type="date" required />
              <Field state={en} id="end-reason" name="reason" label="Reason for ending (audit log)" />
              <div class="form-actions">
                <button type="submit">End the rate</button>
              </div>
            </form>
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
        <section class="card" aria-labelledby="bill-h">
          <h2 id="bill-h">Project bill rates</h2>
          <p class="muted">
            What a project's hours are billed at, from a date (project budgets value each day at the rate in effect). A new bill rate ends the previous one the
            day before.
          </p>
          {projects.data.length === 0 ? (
            <p class="muted">No projects yet (they are created over the API or synced from a tool).</p>
          ) : (
            <>
              <form method="get" action={PATH} class="inline">
                <label for="bill-show">Show the bill rates of</label>
                <select id="bill-show" name="project">
                  {projects.data.map((x) => (
                    <option value={x.id} selected={x.id === project?.id} safe>
                      {x.name}
                    </option>
                  ))}
                </select>
                <button type="submit" class="secondary">
                  Show
                </button>
              </form>
              {project && bills ? (
                <>
                  <h3 id="bill-list-h" safe>
                    {`Bill rates of ${project.name}`}
                  </h3>
                  <Table
                    rows={bills.data}
                    labelledBy="bill-list-h"
                    empty={
                      bills.flat_bill_rate_cents === null
                        ? 'No bill rate yet.'
                        : `No dated bill rate: the project's flat rate ${money(req, bills.flat_bill_rate_cents, cur)} applies.`
                    }
                    rowAttrs={(x) => ({ 'data-bill-rate-id': x.id })}
                    columns={[
                      { header: 'Hourly', text: (x) => money(req, x.hourly_rate_cents, x.currency) },
                      { header: 'From', text: (x) => x.effective_from },
                      { header: 'Until', text: (x) => x.effective_to ?? '—' },
                    ]}
                  />
                  {openBills.length === 0 ? (
                    ''
                  ) : (
                    <form method="post" action={PATH} class="form-grid">
                      <FormHead req={req} action="end_bill" />
                      <input type="hidden" name="project_id" value={project.id} />
                      <Field
                        state={be}
                        id="bill-end-id"
                        name="bill_rate_id"
                        label="Bill rate to end"
                        options={[
                          ['', 'Choose a bill rate'],
                          ...openBills.map((x): [string, string] => [x.id, `${money(req, x.hourly_rate_cents, x.currency)} from ${x.effective_from}`]),
                        ]}
                      />
                      <Field state={be} id="bill-end-to" name="effective_to" label="Last day it is billed" type="date" required />
                      <Field state={be} id="bill-end-reason" name="reason" label="Why it ends (audit log)" />
                      <div class="form-actions">
                        <button type="submit">End the bill rate</button>
                      </div>
                    </form>
                  )}
                </>
              ) : (
                ''
              )}
              <form method="post" action={PATH} class="form-grid">
                <FormHead req={req} action="set_bill" />
                <Field
                  state={b}
                  id="bill-project"
                  name="project_id"
                  label="Project"
                  value={project?.id ?? ''}
                  options={[['', 'Choose a project'], ...projects.data.map((x): [string, string] => [x.id, x.name])]}
                />
                <Field state={b} id="bill-amount" name="hourly_rate_cents" label={`Hourly bill rate (${cur})`} type="number" required />
                <Field state={b} id="bill-from" name="effective_from" label="Bill rate from" type="date" required />
                <Field state={b} id="bill-reason" name="reason" label="Why (audit log)" />
                <div class="form-actions">
                  <button type="submit">Save the bill rate</button>
                </div>
              </form>
            </>
          )}
        </section>
      </>
    )
  },
})
