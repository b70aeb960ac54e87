import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import type { Runtime } from '../../runtime'
import { restAuth, restHook } from '../../surfaces/rest'
import { getBilling } from './get-billing'
import { getInvoice } from './get-invoice'
import { listInvoices } from './list-invoices'

const tags = ['billing']
const from = 'query' as const

/** /api/v1/billing: plan, seats, trial and invoices. Read only: tokens cannot change billing. */
export const billingRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/billing' })
    .use(restAuth(rt))
    .get('/', ({ ctx, query }) => invoke(getBilling, ctx, query), restHook(getBilling, { tags, from }))
    .get('/invoices', ({ ctx, query }) => invoke(listInvoices, ctx, query), restHook(listInvoices, { tags, from }))
    .get('/invoices/:invoice_id', ({ ctx, params }) => invoke(getInvoice, ctx, params), restHook(getInvoice, { tags, from, path: ['invoice_id'] }))
