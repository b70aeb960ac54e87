import { deleteCostCenter } from '../modules/payroll/delete-cost-center'
import { createCostCenter, listCostCentersOp, renameCostCenter } from '../modules/payroll/manage-cost-centers'
import { commandGroup, operationCommand } from './operation-command'

/** `workforce cost-centers …`: the cost centers people and teams are assigned to (named by code). */
export const costCentersCommand = commandGroup('cost-centers', 'Manage cost centers: create, rename, list, delete.', [
  operationCommand({ name: 'create', op: createCostCenter, args: ['code', 'name'] }),
  operationCommand({ name: 'rename', op: renameCostCenter, args: ['cost_center_id'], summary: 'Rename a cost center or change its code' }),
  operationCommand({ name: 'list', op: listCostCentersOp }),
  operationCommand({
    name: 'delete',
    op: deleteCostCenter,
    args: ['cost_center_id'],
    summary: 'Delete a cost center nobody is assigned to',
    print: (r) =>
      `Cost center ${r.code} (${r.name}) deleted.${r.projects_unassigned ? ` ${r.projects_unassigned} project(s) no longer have a cost center.` : ''}`,
  }),
])
