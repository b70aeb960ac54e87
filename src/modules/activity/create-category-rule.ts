import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { newId } from '../../kernel/ids'
import { recordChange } from '../audit/audit-queries'
import { categoryRuleRows, insertCategoryRule } from './category-rule-queries'
import { CategoryRuleOut, RecomputeOut, RuleDraft, newRuleRow, refuseDuplicate, ruleOut } from './category-rule-model'
import { recomputeCategories } from './recategorize'

export const createCategoryRule = defineOperation({
  name: 'create_category_rule',
  title: 'Add a category rule',
  description:
    'Adds a rule mapping an application (or window class) to productive, neutral or unproductive, for the whole tenant or one team. The samples of the last 31 days (within retention) are recategorised and their daily summaries recomputed in the same operation.',
  access: { role: 'admin', write: true },
  input: RuleDraft,
  output: t.Object({ rule: CategoryRuleOut, recompute: RecomputeOut }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const row = newRuleRow(c, input, newId())
      refuseDuplicate(
        categoryRuleRows(c),
        { ...row, id: row.id!, teamId: row.teamId ?? null, workProfile: row.workProfile ?? null, matchKind: row.matchKind ?? 'contains' },
        'pattern',
      )
      const rule = ruleOut(c, insertCategoryRule(c, row))
      recordChange(c, { action: 'category_rule.created', entity: 'category_rule', entityId: rule.rule_id, before: null, after: rule })
      return { rule, recompute: recomputeCategories(c) }
    })
  },
})
