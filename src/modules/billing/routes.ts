import { defineRoutes, get } from '../../kernel/route'
import { getBilling } from './get-billing'
import { getInvoice } from './get-invoice'
import { listInvoices } from './list-invoices'

/** /api/v1/billing: plan, seats, trial and invoices. Read only: tokens cannot change billing. */
export const billingRoutes = defineRoutes({ surface: 'rest', prefix: '/billing', tags: ['billing'] }, [
  get('/', getBilling),
  get('/invoices', listInvoices),
  get('/invoices/:invoice_id', getInvoice),
])
