import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { ShiftTemplate, toShiftTemplate } from './model'
import { getTemplateInTenant } from './queries'

export const getShiftTemplate = defineOperation({
  name: 'get_shift_template',
  title: 'Get a shift template',
  description: 'One shift template of the tenant.',
  access: { role: 'manager' },
  input: t.Object({ template_id: Id }),
  output: ShiftTemplate,
  run(ctx, input) {
    return toShiftTemplate(getTemplateInTenant(ctx, input.template_id))
  },
})
