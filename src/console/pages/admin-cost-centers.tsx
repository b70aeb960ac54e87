/** @jsxImportSource @kitajs/html */
import { invoke } from '../../kernel/operation'
import { deleteCostCenter } from '../../modules/payroll/delete-cost-center'
import { createCostCenter, listCostCentersOp, renameCostCenter } from '../../modules/payroll/manage-cost-centers'
import { listUsers } from '../../modules/users/list-users'
import { updateUser } from '../../modules/users/update-user'
import { Table } from '../components/table'
import { formatDateTime } from '../format'
import { definePage } from '../pages'
import { Field, FormHead, formInput, formStateOf, submitForm } from './admin-forms'

const PATH = '/admin/cost-centers'

/**
 * Cost centers (issue 14's configuration): create, rename or re-code, and assign a person
 * (update_user's cost_center_id). Their own page, so the Teams page stays as it is.
 */
export const adminCostCentersPage = definePage({
  path: PATH,
  title: 'Cost centers',
  role: 'admin',
  nav: { section: 'Admin', label: 'Cost centers' },
  actions: {
    create: (req, form) =>
      submitForm(
        req,
        'create',
        form,
        createCostCenter.input,
        formInput(createCostCenter.input, form, ['code', 'name']),
        (input) => invoke(createCostCenter, req.ctx, input),
        (r) => `Cost center ${r.code} (${r.name}) was created.`,
      ),
    rename: (req, form) =>
      submitForm(
        req,
        'rename',
        form,
        renameCostCenter.input,
        formInput(renameCostCenter.input, form, ['cost_center_id', 'code', 'name']),
        (input) => invoke(renameCostCenter, req.ctx, input),
        (r) => `Cost center ${r.code} (${r.name}) was saved.`,
      ),
    delete: (req, form) =>
      submitForm(
        req,
        'delete',
        form,
        deleteCostCenter.input,
        formInput(deleteCostCenter.input, form, ['cost_center_id']),
        (input) => invoke(deleteCostCenter, req.ctx, input),
        (r) =>
          `Cost center ${r.code} (${r.name}) was deleted.${r.projects_unassigned ? ` ${r.projects_unassigned} project(s) no longer have a cost center.` : ''}`,
      ),
    assign: (req, form) =>
      submitForm(
        req,
        'assign',
        form,
        updateUser.input,
        formInput(updateUser.input, form, ['user_id', 'cost_center_id'], { clear: ['cost_center_id'] }),
        (input) => invoke(updateUser, req.ctx, input),
        (r) =>
          r.cost_center
            ? `${r.name} now reports to the cost center ${r.cost_center.code} (${r.cost_center.source === 'user' ? 'their own' : "their team's"}).`
            : `${r.name} has no cost center now.`,
      ),
  },
  async render(req) {
    const centers = await invoke(listCostCentersOp, req.ctx, {})
    const people = await invoke(listUsers, req.ctx, { page_size: 200, status: 'active' })
    const c = formStateOf(req, 'create')
    const r = formStateOf(req, 'rename')
    const a = formStateOf(req, 'assign')
    const centerOptions = centers.data.map((x): [string, string] => [x.id, `${x.code} — ${x.name}`])
    return (
      <>
        <p class="muted">
          People and teams are assigned to a cost center (a team's is the default of its people); hours and pay are reported against it (the cost center
          report). A cost center still assigned to a person or a team cannot be deleted: assign them another one (or none) first.
        </p>
        <section class="card" aria-labelledby="cc-h">
          <h2 id="cc-h">Cost centers</h2>
          <Table
            rows={centers.data}
            labelledBy="cc-h"
            empty="No cost centers yet."
            rowAttrs={(x) => ({ 'data-cost-center-id': x.id })}
            columns={[
              { header: 'Code', text: (x) => x.code },
              { header: 'Name', text: (x) => x.name },
              { header: 'Created', text: (x) => formatDateTime(req, x.created_at) },
              {
                header: 'Action',
                srOnly: true,
                cell: (x) => (
                  <form method="post" action={PATH} class="inline">
                    <FormHead req={req} action="delete" />
                    <input type="hidden" name="cost_center_id" value={x.id} />
                    <button type="submit" class="danger" aria-label={`Delete the cost center ${x.code}`}>
                      Delete
                    </button>
                  </form>
                ),
              },
            ]}
          />
          <form method="post" action={PATH} class="form-grid">
            <FormHead req={req} action="create" />
            <Field state={c} id="cc-code" name="code" label="Code" required hint="Accounting code, unique in the company" />
            <Field state={c} id="cc-name" name="name" label="Name" required />
            <div class="form-actions">
              <button type="submit">Create the cost center</button>
            </div>
          </form>
        </section>
        {centers.data.length === 0 ? (
          ''
        ) : (
          <>
            <section class="card" aria-labelledby="cc-edit-h">
              <h2 id="cc-edit-h">Rename or re-code</h2>
              <form method="post" action={PATH} class="form-grid">
                <FormHead req={req} action="rename" />
                <Field state={r} id="cc-edit-id" name="cost_center_id" label="Cost center" options={[['', 'Choose a cost center'], ...centerOptions]} />
                <Field state={r} id="cc-edit-code" name="code" label="New code" hint="Empty: unchanged" />
                <Field state={r} id="cc-edit-name" name="name" label="New name" hint="Empty: unchanged" />
                <div class="form-actions">
                  <button type="submit">Save the cost center</button>
                </div>
              </form>
            </section>
            <section class="card" aria-labelledby="cc-assign-h">
              <h2 id="cc-assign-h">Assign a person</h2>
              <form method="post" action={PATH} class="form-grid">
                <FormHead req={req} action="assign" />
                <Field
                  state={a}
                  id="cc-person"
                  name="user_id"
                  label="Person"
                  options={[['', 'Choose a person'], ...people.data.map((p): [string, string] => [p.id, `${p.name} <${p.email}>`])]}
                />
                <Field state={a} id="cc-assign" name="cost_center_id" label="Their cost center" options={[['', 'None (their team’s)'], ...centerOptions]} />
                <div class="form-actions">
                  <button type="submit">Assign</button>
                </div>
              </form>
            </section>
          </>
        )}
      </>
    )
  },
})
