import type { AnyElysia } from 'elysia'
import type { Runtime } from '../runtime'
import type { JobDefinition } from '../kernel/job'
import { activityJobs } from '../modules/activity/jobs'
import { billingJobs } from '../modules/billing/jobs'
import { retentionJobs } from '../modules/retention/jobs'
import { activityClientRoutes } from '../modules/activity/client-routes'
import { timesheetClientRoutes } from '../modules/timesheets/client-routes'
import { usersClientRoutes } from '../modules/users/client-routes'
import { securityRoutes } from '../modules/security/routes'
import { webhookRoutes } from '../modules/webhooks/routes'
import { webhookJobs } from '../modules/webhooks/jobs'

/**
 * What each feature module contributes to the surfaces. Adding a module is one line here.
 * REST route plugins are mounted under /api/v1 in this order.
 */
export const REST_MODULES: ((rt: Runtime) => AnyElysia)[] = [
  activityClientRoutes,
  timesheetClientRoutes,
  usersClientRoutes,
  securityRoutes,
  webhookRoutes,
]

/** Scheduled jobs of every module (declared in src/modules/<module>/jobs.ts). */
export const JOBS: JobDefinition[] = [...activityJobs, ...billingJobs, ...retentionJobs, ...webhookJobs]
