import { t } from 'elysia'
import type { TenantScope } from '../../kernel/ctx'
import { DomainError, notFound } from '../../kernel/errors'
import { newId } from '../../kernel/ids'
import { defineOperation } from '../../kernel/operation'
import { inTransaction } from '../../kernel/db'
import { Id, Instant } from '../../kernel/schemas'
import { toIso } from '../../kernel/time'
import { recordChange } from '../audit/audit-queries'
import { costCentersOf, findCostCenterByCode, findCostCenterById, insertCostCenter, updateCostCenter, type CostCenter } from './cost-center-queries'

/*
 * Cost centers as configuration (issue 14): an admin creates, renames and lists them; people
 * (users.cost_center_id) and teams (teams.cost_center_id, the default of their people) are
 * assigned to them by update_user and update_team. Audited as cost_center.*.
 */

const CostCenterView = t.Object({ id: Id, code: t.String(), name: t.String(), created_at: Instant })
const Code = t.String({ minLength: 1, maxLength: 50, pattern: '^\\S(.*\\S)?$', description: 'Accounting code, unique in the company (case-insensitive)' })
const Name = t.String({ minLength: 1, maxLength: 200, description: 'Name' })

const toView = (row: CostCenter) => ({ id: row.id, code: row.code, name: row.name, created_at: toIso(row.createdAt) })
const audited = (row: CostCenter) => ({ code: row.code, name: row.name })

function assertCodeFree(c: TenantScope, code: string, id: string | null): void {
  const other = findCostCenterByCode(c, code)
  if (other && other.id !== id) throw new DomainError('conflict', `code ${other.code} is already used by the cost center ${other.name}.`, { field: 'code' })
}

export const createCostCenter = defineOperation({
  name: 'create_cost_center',
  title: 'Create a cost center',
  description: 'Creates a cost center that people and teams can be assigned to (hours and pay are reported against it). Admin or above.',
  access: { role: 'admin', write: true },
  input: t.Object({ code: Code, name: Name }),
  output: CostCenterView,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      assertCodeFree(c, input.code, null)
      const row = insertCostCenter(c, { id: newId(), code: input.code, name: input.name.trim() })
      recordChange(c, { action: 'cost_center.created', entity: 'cost_center', entityId: row.id, before: null, after: audited(row) })
      return toView(row)
    })
  },
})

export const renameCostCenter = defineOperation({
  name: 'update_cost_center',
  title: 'Rename a cost center',
  description: 'Changes the name or the code of a cost center; people and teams assigned to it stay assigned. Admin or above.',
  access: { role: 'admin', write: true },
  input: t.Object({
    cost_center_id: t.String({ ...Id, description: 'Cost center id (the CLI takes its code)' }),
    name: t.Optional(Name),
    code: t.Optional(Code),
  }),
  output: CostCenterView,
  run(ctx, input) {
    return inTransaction(ctx, (c) => {
      const before = findCostCenterById(c, input.cost_center_id)
      if (!before) throw notFound('Cost center')
      if (input.code === undefined && input.name === undefined) return toView(before)
      if (input.code !== undefined) assertCodeFree(c, input.code, before.id)
      const row = updateCostCenter(c, before.id, {
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.code !== undefined ? { code: input.code } : {}),
      })
      recordChange(c, { action: 'cost_center.updated', entity: 'cost_center', entityId: row.id, before: audited(before), after: audited(row) })
      return toView(row)
    })
  },
})

export const listCostCentersOp = defineOperation({
  name: 'list_cost_centers',
  title: 'List cost centers',
  description: 'Cost centers of the company by code. Admin or above.',
  access: { role: 'admin' },
  input: t.Object({}),
  output: t.Object({ data: t.Array(CostCenterView) }),
  run(ctx) {
    return { data: costCentersOf(ctx).map(toView) }
  },
})
