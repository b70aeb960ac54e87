import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { recordChange } from '../audit/audit-queries'
import { categoryRuleRows, findCategoryRule, updateCategoryRule } from './category-rule-queries'
import { CategoryRuleOut, RecomputeOut, RuleChanges, RuleId, changedColumns, refuseDuplicate, ruleOut } from './category-rule-model'
import { recomputeCategories } from './recategorize'

export const updateCategoryRuleOp = defineOperation({
  name: 'update_category_rule',
  title: 'Edit a category rule',
  description:
    'Changes a category rule (pattern, category, match, team, work profile or priority; team_id null makes it a tenant rule). Past samples of the last 31 days (within retention) are recategorised and their daily summaries recomputed in the same operation.',
  access: { role: 'admin', write: true },
  input: t.Composite([t.Object({ rule_id: RuleId }), RuleChanges]),
  output: t.Object({ rule: CategoryRuleOut, recompute: RecomputeOut }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const existing = findCategoryRule(c, input.rule_id)
      if (!existing) throw new DomainError('not_found', `No category rule ${input.rule_id} in this tenant.`, { field: 'rule_id' })
      const { rule_id: _, ...changes } = input
      const patch = changedColumns(c, changes)
      refuseDuplicate(categoryRuleRows(c), { ...existing, ...patch }, 'pattern')
      const before = ruleOut(c, existing)
      const rule = ruleOut(c, updateCategoryRule(c, existing.id, patch))
      const { updated_at: _b, ...beforeSame } = before
      const { updated_at: _a, ...afterSame } = rule
      if (JSON.stringify(beforeSame) !== JSON.stringify(afterSame))
        recordChange(c, { action: 'category_rule.updated', entity: 'category_rule', entityId: rule.rule_id, before, after: rule })
      return { rule, recompute: recomputeCategories(c) }
    })
  },
})
