import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { DomainError } from '../../kernel/errors'
import { Id } from '../../kernel/schemas'
import { recordChange } from '../audit/audit-queries'
import { deleteCategoryRule, findCategoryRule } from './category-rule-queries'
import { RecomputeOut, RuleId, ruleOut } from './category-rule-model'
import { recomputeCategories } from './recategorize'

export const deleteCategoryRuleOp = defineOperation({
  name: 'delete_category_rule',
  title: 'Remove a category rule',
  description:
    'Removes a category rule; the applications it matched fall back to the next rule or the built-in defaults. Past samples of the last 31 days (within retention) are recategorised and their daily summaries recomputed in the same operation.',
  access: { role: 'admin', write: true },
  input: t.Object({ rule_id: RuleId }),
  output: t.Object({ rule_id: Id, deleted: t.Literal(true), recompute: RecomputeOut }),
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const existing = findCategoryRule(c, input.rule_id)
      if (!existing) throw new DomainError('not_found', `No category rule ${input.rule_id} in this tenant.`, { field: 'rule_id' })
      const before = ruleOut(c, existing)
      deleteCategoryRule(c, existing.id)
      recordChange(c, { action: 'category_rule.deleted', entity: 'category_rule', entityId: existing.id, before, after: null })
      return { rule_id: existing.id, deleted: true as const, recompute: recomputeCategories(c) }
    })
  },
})
