import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { teamNames } from '../teams/queries'
import { categoryRuleRows } from './category-rule-queries'
import { CategoryRuleOut, toRuleOut } from './category-rule-model'

export const listCategoryRulesOp = defineOperation({
  name: 'list_category_rules',
  title: 'List category rules',
  description:
    "Lists the tenant's application category rules (tenant rules and team rules) in the order they are tried: team rules of a person's teams, then tenant rules; within each, exact before contains, then by priority. Built-in defaults apply after them (docs/config-categories.md).",
  access: { role: 'admin' },
  input: t.Object({
    team_id: t.Optional(t.String({ format: 'uuid', description: 'Only the rules of this team' })),
  }),
  output: t.Object({ data: t.Array(CategoryRuleOut) }),
  run(ctx, input) {
    const rows = categoryRuleRows(ctx).filter((r) => input.team_id === undefined || r.teamId === input.team_id)
    const names = teamNames(ctx, [...new Set(rows.flatMap((r) => (r.teamId ? [r.teamId] : [])))])
    const ordered = [...rows.filter((r) => r.teamId), ...rows.filter((r) => !r.teamId)]
    return { data: ordered.map((r) => toRuleOut(r, names)) }
  },
})
