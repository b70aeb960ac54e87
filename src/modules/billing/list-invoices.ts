import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { PageQuery, Paginated, pageInfo, pageWindow } from '../../kernel/schemas'
import { Invoice, InvoiceStatusEnum, toInvoice } from './model'
import { listInvoicesPage } from './queries'

export const listInvoices = defineOperation({
  name: 'list_invoices',
  title: 'List invoices',
  description: 'Invoices of the tenant, newest first.',
  access: { role: 'admin' },
  input: t.Object({ status: t.Optional(InvoiceStatusEnum), ...PageQuery }),
  output: Paginated(Invoice),
  run(ctx, input) {
    const w = pageWindow(input)
    const { rows, total } = listInvoicesPage(ctx, { ...(input.status ? { status: input.status } : {}), offset: w.offset, limit: w.limit })
    return { data: rows.map(toInvoice), pagination: pageInfo(w.page, w.pageSize, total) }
  },
})
