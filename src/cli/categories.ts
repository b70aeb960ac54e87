import { listCategoryRulesOp } from '../modules/activity/list-category-rules'
import { createCategoryRule } from '../modules/activity/create-category-rule'
import { updateCategoryRuleOp } from '../modules/activity/update-category-rule'
import { deleteCategoryRuleOp } from '../modules/activity/delete-category-rule'
import { previewCategoryRules } from '../modules/activity/preview-category-rules'
import { commandGroup, operationCommand } from './operation-command'

type RuleLine = {
  rule_id: string
  scope: string
  team_name: string | null
  match_field: string
  match_kind: string
  pattern: string
  category: string
  work_profile: string | null
  priority: number
}

const ruleLine = (r: RuleLine) =>
  `${r.rule_id}  ${r.scope === 'team' ? `team ${r.team_name}` : 'tenant'}  ${r.match_field} ${r.match_kind} "${r.pattern}" → ${r.category}` +
  `${r.work_profile ? ` (${r.work_profile} only)` : ''}  priority ${r.priority}`

const recomputeLine = (r: { from: string; to: string; samples_recategorized: number; days_resummarized: number }) =>
  `Recomputed ${r.from}..${r.to}: ${r.samples_recategorized} samples recategorised, ${r.days_resummarized} daily summaries rewritten.`

export const categoriesCommand = commandGroup(
  'categories',
  'Application categories: tenant and team rules mapping applications to productive, neutral or unproductive (docs/config-categories.md).',
  [
    operationCommand({
      name: 'list',
      op: listCategoryRulesOp,
      print: (out) => (out.data.length === 0 ? 'No category rules (built-in defaults apply).' : out.data.map(ruleLine).join('\n')),
    }),
    operationCommand({
      name: 'add',
      op: createCategoryRule,
      print: (out) => `Added ${ruleLine(out.rule)}\n${recomputeLine(out.recompute)}`,
    }),
    operationCommand({
      name: 'edit',
      op: updateCategoryRuleOp,
      args: ['rule_id'],
      print: (out) => `Now ${ruleLine(out.rule)}\n${recomputeLine(out.recompute)}`,
    }),
    operationCommand({
      name: 'remove',
      op: deleteCategoryRuleOp,
      args: ['rule_id'],
      print: (out) => `Removed rule ${out.rule_id}.\n${recomputeLine(out.recompute)}`,
    }),
    operationCommand({
      name: 'preview',
      op: previewCategoryRules,
      print: (out) =>
        [
          `Preview of ${out.from}..${out.to}${out.team_id ? ` (team ${out.teams[0]?.name ?? out.team_id})` : ''}; nothing saved.`,
          `Score ${out.current.score} → ${out.draft.score}; productive ${out.current.productive_seconds}s → ${out.draft.productive_seconds}s, neutral ${out.current.neutral_seconds}s → ${out.draft.neutral_seconds}s, unproductive ${out.current.unproductive_seconds}s → ${out.draft.unproductive_seconds}s.`,
          ...out.people.map((p) => `  ${p.email}: ${p.current_score} → ${p.draft_score}`),
          ...out.teams.map((tm) => `  team ${tm.name}: ${tm.current_score} → ${tm.draft_score}`),
          out.changed_applications.length === 0 ? 'No application changes category.' : 'Applications changing category:',
          ...out.changed_applications.map(
            (a) =>
              `  ${a.application}${a.window_class ? ` (${a.window_class})` : ''}: ${a.current_category} → ${a.draft_category}, ${a.seconds}s, ${a.people} people`,
          ),
        ].join('\n'),
    }),
  ],
)
