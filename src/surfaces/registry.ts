import type { AnyElysia } from 'elysia'
import type { Runtime } from '../runtime'
import type { JobDefinition } from './jobs'
import { teamsRoutes } from '../modules/teams/routes'
import { tasksRoutes } from '../modules/tasks/routes'
import { projectsRoutes } from '../modules/projects/routes'
import { payrollRoutes } from '../modules/payroll/routes'
import { billingRoutes } from '../modules/billing/routes'
import { shiftsRoutes } from '../modules/shifts/routes'
import { rateLimitJobs } from '../modules/rate-limits/jobs'
import { payrollJobs } from '../modules/payroll/jobs'

/**
 * What each feature module contributes to the surfaces. Adding a module is one line here.
 * REST route plugins are mounted under /api/v1 in this order.
 */
export const REST_MODULES: ((rt: Runtime) => AnyElysia)[] = [
  teamsRoutes,
  tasksRoutes,
  projectsRoutes,
  payrollRoutes,
  billingRoutes,
  shiftsRoutes,
]

/** Scheduled jobs of every module (declared in src/modules/<module>/jobs.ts). */
export const JOBS: JobDefinition[] = [
  ...rateLimitJobs,
  ...payrollJobs,
]
