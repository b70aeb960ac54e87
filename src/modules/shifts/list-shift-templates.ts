import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { ShiftTemplate, toShiftTemplate } from './model'
import { listTemplatesPage } from './queries'

export const listShiftTemplates = defineOperation({
  name: 'list_shift_templates',
  title: 'List shift templates',
  description: 'Reusable shift patterns of the tenant (times, break, weekdays), earliest start first.',
  access: { role: 'manager' },
  input: t.Object({ ...PageQuery }),
  output: Paginated(ShiftTemplate),
  run(ctx, input) {
    const w = pageWindow(input)
    const { rows, total } = listTemplatesPage(ctx, w)
    return { data: rows.map(toShiftTemplate), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
