import { defineRoutes, get, post } from '../../kernel/route'
import { createPayRun } from './create-pay-run'
import { downloadPayRun } from './download-pay-run'
import { getCostCenterReport } from './get-cost-center-report'
import { getPayRun } from './get-pay-run'
import { getPayrollCalculations } from './get-payroll-calculations'
import { listPayRuns } from './list-pay-runs'
import { listPayrollPeriods } from './list-payroll-periods'
import { listRateCards } from './list-rate-cards'

/** /api/v1/payroll: calculations, cost-center reports, rate cards, periods and pay-run exports. */
export const payrollRoutes = defineRoutes({ surface: 'rest', prefix: '/payroll', tags: ['payroll'] }, [
  get('/calculations', getPayrollCalculations),
  get('/cost-centers', getCostCenterReport),
  get('/rate-cards', listRateCards),
  get('/periods', listPayrollPeriods),
  get('/pay-runs', listPayRuns),
  // The export runs in the background: 202, then poll the pay run.
  post('/pay-runs', createPayRun, { status: 202 }),
  get('/pay-runs/:pay_run_id', getPayRun),
  get('/pay-runs/:pay_run_id/download', downloadPayRun, { file: 'text/csv' }),
])
