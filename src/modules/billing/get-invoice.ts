import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { Id } from '../../kernel/schemas'
import { Invoice, toInvoice } from './model'
import { getInvoiceInTenant } from './queries'

export const getInvoice = defineOperation({
  name: 'get_invoice',
  title: 'Get an invoice',
  description: 'One invoice of the tenant. Another tenant’s invoice id answers not_found.',
  access: { role: 'admin' },
  input: t.Object({ invoice_id: Id }),
  output: Invoice,
  run(ctx, input) {
    return toInvoice(getInvoiceInTenant(ctx, input.invoice_id))
  },
})
