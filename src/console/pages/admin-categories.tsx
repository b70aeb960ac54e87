/** @jsxImportSource @kitajs/html */
import type { Static } from '@sinclair/typebox'
import { DomainError } from '../../kernel/errors'
import { invoke } from '../../kernel/operation'
import { createCategoryRule } from '../../modules/activity/create-category-rule'
import { deleteCategoryRuleOp } from '../../modules/activity/delete-category-rule'
import { listCategoryRulesOp } from '../../modules/activity/list-category-rules'
import { previewCategoryRules } from '../../modules/activity/preview-category-rules'
import { CATEGORIES, MATCH_FIELDS, MATCH_KINDS } from '../../modules/activity/schema'
import { listTeams } from '../../modules/teams/list-teams'
import { Table } from '../components/table'
import { formatHours } from '../format'
import { CsrfField } from '../layout'
import { definePage, type Flash } from '../pages'
import type { SignedInRequest } from '../request'
import { Field, FormHead, formInput, formStateOf, keepFormState, keepResult, refusalFields, resultOf, schemaErrors, submitForm } from './admin-forms'

const PATH = '/admin/categories'
const DRAFT = ['pattern', 'category', 'match_field', 'match_kind', 'team_id', 'priority']
type Preview = Static<typeof previewCategoryRules.output>

const draftOf = (form: URLSearchParams) => formInput(createCategoryRule.input, form, DRAFT)

/** The draft's effect on the last days' samples, nothing saved: kept for the page to show, with the draft still in the form. */
async function preview(req: SignedInRequest, form: URLSearchParams): Promise<Flash> {
  const draft = draftOf(form)
  const bad = schemaErrors(createCategoryRule.input, draft)
  // The form keeps what was typed (a preview is not a save).
  const keep = (errors: Record<string, string>) => keepFormState(req, 'draft', form, errors)
  if (Object.keys(bad).length > 0) {
    keep(bad)
    return {
      kind: 'error',
      text: `Nothing to preview. Check ${Object.entries(bad)
        .map(([f, m]) => `${f} ${m}`)
        .join('; ')}.`,
      status: 400,
    }
  }
  try {
    const r = await invoke(previewCategoryRules, req.ctx, { add: [draft as Static<typeof createCategoryRule.input>] })
    keepResult(req, 'preview', r)
    keep({})
    return {
      kind: 'info',
      text: `Preview of the draft over ${r.from} to ${r.to}: score ${r.current.score} now, ${r.draft.score} with the draft. Nothing was saved.`,
    }
  } catch (err) {
    if (!(err instanceof DomainError)) throw err
    keep(refusalFields(err))
    return { kind: 'error', text: err.message, status: err.status }
  }
}

export const adminCategoriesPage = definePage({
  path: PATH,
  title: 'App categories',
  role: 'admin',
  nav: { section: 'Admin', label: 'App categories' },
  actions: {
    preview,
    add: (req, form) =>
      submitForm(
        req,
        'draft',
        form,
        createCategoryRule.input,
        draftOf(form),
        (input) => invoke(createCategoryRule, req.ctx, input),
        (r) =>
          `Rule saved: ${r.rule.pattern} is ${r.rule.category}${r.rule.team_name ? ` for ${r.rule.team_name}` : ''}; the last days' activity was recategorised.`,
      ),
    remove: (req, form) =>
      submitForm(
        req,
        'remove',
        form,
        deleteCategoryRuleOp.input,
        formInput(deleteCategoryRuleOp.input, form, ['rule_id']),
        (input) => invoke(deleteCategoryRuleOp, req.ctx, input),
        () => "The rule was removed; the last days' activity was recategorised.",
      ),
  },
  async render(req) {
    const rules = await invoke(listCategoryRulesOp, req.ctx, {})
    const teams = await invoke(listTeams, req.ctx, { page_size: 100 })
    const st = formStateOf(req, 'draft')
    const p = resultOf<Preview>(req, 'preview')
    const h = (s: number) => formatHours(req, s / 3600)
    return (
      <>
        <section class="card" aria-labelledby="draft-h">
          <h2 id="draft-h">A rule: preview, then save</h2>
          <p class="muted">
            "Preview" shows how the last 7 days would score with this rule, without saving anything. "Save the rule" applies it and recategorises the last 31
            days.
          </p>
          <form method="post" action={PATH} class="form-grid">
            <CsrfField token={req.signedIn.session.csrfToken} />
            <Field state={st} id="rule-pattern" name="pattern" label="Application or window class" required />
            <Field state={st} id="rule-category" name="category" label="Category" options={CATEGORIES} value="productive" />
            <Field state={st} id="rule-field" name="match_field" label="Match against" options={MATCH_FIELDS} value="application" />
            <Field state={st} id="rule-kind" name="match_kind" label="Match" options={MATCH_KINDS} value="contains" />
            <Field
              state={st}
              id="rule-team"
              name="team_id"
              label="For"
              options={[['', 'the whole company'], ...teams.data.map((t): [string, string] => [t.id, `team ${t.name}`])]}
            />
            <Field state={st} id="rule-priority" name="priority" label="Priority" type="number" hint="Lower is tried first (default 100)" />
            <div class="form-actions actions">
              <button type="submit" name="_action" value="preview" class="secondary">
                Preview
              </button>
              <button type="submit" name="_action" value="add">
                Save the rule
              </button>
            </div>
          </form>
        </section>
        {p ? (
          <section class="card" aria-labelledby="preview-h">
            <h2 id="preview-h">Preview of the draft (not saved)</h2>
            <Table
              rows={[
                { label: 'Now', f: p.current },
                { label: 'With the draft', f: p.draft },
              ]}
              labelledBy="preview-h"
              columns={[
                { header: `Over ${p.from} to ${p.to}`, rowHeader: true, text: (r) => r.label },
                { header: 'Productive', text: (r) => h(r.f.productive_seconds) },
                { header: 'Neutral', text: (r) => h(r.f.neutral_seconds) },
                { header: 'Unproductive', text: (r) => h(r.f.unproductive_seconds) },
                { header: 'Score', text: (r) => String(r.f.score) },
              ]}
            />
            <h3>Applications that change category</h3>
            {p.changed_applications.length === 0 ? (
              <p class="muted">None in the last days' activity.</p>
            ) : (
              <ul>
                {p.changed_applications.map((a) => (
                  <li safe>{`${a.application}: ${a.current_category} → ${a.draft_category} (${h(a.seconds)}, ${a.people} people)`}</li>
                ))}
              </ul>
            )}
            {p.people.length > 0 ? (
              <>
                <h3>People whose score changes</h3>
                <ul>
                  {p.people
                    .filter((x) => x.current_score !== x.draft_score)
                    .map((x) => (
                      <li safe>{`${x.name}: ${x.current_score} → ${x.draft_score}`}</li>
                    ))}
                </ul>
              </>
            ) : (
              ''
            )}
          </section>
        ) : (
          ''
        )}
        <section class="card" aria-labelledby="rules-h">
          <h2 id="rules-h">Rules in force ({rules.data.length})</h2>
          <p class="muted">Team rules first, then company rules; built-in defaults apply after them.</p>
          <Table
            rows={rules.data}
            labelledBy="rules-h"
            empty="No rules of your own yet: the built-in defaults apply."
            columns={[
              { header: 'Pattern', text: (r) => `${r.match_field} ${r.match_kind} "${r.pattern}"` },
              { header: 'Category', text: (r) => r.category },
              { header: 'For', text: (r) => (r.team_name ? `team ${r.team_name}` : 'company') },
              { header: 'Priority', text: (r) => String(r.priority) },
              {
                header: 'Actions',
                cell: (r) => (
                  <form method="post" action={PATH} class="inline">
                    <FormHead req={req} action="remove" />
                    <input type="hidden" name="rule_id" value={r.rule_id} />
                    <button type="submit" class="danger" aria-label={`Remove the rule for ${r.pattern}`}>
                      Remove
                    </button>
                  </form>
                ),
              },
            ]}
          />
        </section>
      </>
    )
  },
})
