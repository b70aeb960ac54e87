import { Elysia } from 'elysia'
import { invoke } from '../../kernel/operation'
import type { Runtime } from '../../runtime'
import { restAuth, restHook } from '../../surfaces/rest'
import { createPayRun } from './create-pay-run'
import { downloadPayRun } from './download-pay-run'
import { getCostCenterReport } from './get-cost-center-report'
import { getPayRun } from './get-pay-run'
import { getPayrollCalculations } from './get-payroll-calculations'
import { listPayRuns } from './list-pay-runs'
import { listPayrollPeriods } from './list-payroll-periods'
import { listRateCards } from './list-rate-cards'

const tags = ['payroll']
const from = 'query' as const
const path = ['pay_run_id']

/** /api/v1/payroll: calculations, cost-center reports, rate cards, periods and pay-run exports. */
export const payrollRoutes = (rt: Runtime) =>
  new Elysia({ prefix: '/payroll' })
    .use(restAuth(rt))
    .get('/calculations', ({ ctx, query }) => invoke(getPayrollCalculations, ctx, query), restHook(getPayrollCalculations, { tags, from }))
    .get('/cost-centers', ({ ctx, query }) => invoke(getCostCenterReport, ctx, query), restHook(getCostCenterReport, { tags, from }))
    .get('/rate-cards', ({ ctx, query }) => invoke(listRateCards, ctx, query), restHook(listRateCards, { tags, from }))
    .get('/periods', ({ ctx, query }) => invoke(listPayrollPeriods, ctx, query), restHook(listPayrollPeriods, { tags, from }))
    .get('/pay-runs', ({ ctx, query }) => invoke(listPayRuns, ctx, query), restHook(listPayRuns, { tags, from }))
    .post('/pay-runs', ({ ctx, body }) => invoke(createPayRun, ctx, body), restHook(createPayRun, { tags, status: 202 }))
    .get('/pay-runs/:pay_run_id', ({ ctx, params }) => invoke(getPayRun, ctx, params), restHook(getPayRun, { tags, from, path }))
    .get('/pay-runs/:pay_run_id/download', ({ ctx, params }) => invoke(downloadPayRun, ctx, params), restHook(downloadPayRun, { tags, from, path, file: 'text/csv' }))
