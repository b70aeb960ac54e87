import type { RouteGroup } from '../kernel/route'
import type { Job } from '../kernel/job'
import { teamsRoutes } from '../modules/teams/routes'
import { usersRoutes } from '../modules/users/routes'
import { timesheetsRoutes } from '../modules/timesheets/routes'
import { activityRoutes } from '../modules/activity/routes'
import { tasksRoutes } from '../modules/tasks/routes'
import { projectsRoutes } from '../modules/projects/routes'
import { payrollRoutes } from '../modules/payroll/routes'
import { billingRoutes } from '../modules/billing/routes'
import { shiftsRoutes } from '../modules/shifts/routes'
import { activityClientRoutes } from '../modules/activity/client-routes'
import { timesheetClientRoutes } from '../modules/timesheets/client-routes'
import { usersClientRoutes } from '../modules/users/client-routes'
import { securityRoutes } from '../modules/security/routes'
import { timeTrackingClientRoutes } from '../modules/time-tracking/client-routes'
import { locationsClientRoutes } from '../modules/locations/client-routes'
import { activityJobs } from '../modules/activity/jobs'
import { billingJobs } from '../modules/billing/jobs'
import { retentionJobs } from '../modules/retention/jobs'
import { rateLimitJobs } from '../modules/rate-limits/jobs'
import { payrollJobs } from '../modules/payroll/jobs'
import { sendEmailsJob } from '../modules/notifications/jobs'
import { webhookRoutes } from '../modules/webhooks/routes'
import { webhookJobs } from '../modules/webhooks/jobs'
import { timeTrackingJobs } from '../modules/time-tracking/jobs'
import { dashboardJobs } from '../modules/dashboard/jobs'
import { timesheetJobs } from '../modules/timesheets/jobs'
import { backupJobs } from '../modules/backup/jobs'
import { shiftsJobs } from '../modules/shifts/jobs'
import { auditRoutes } from '../modules/audit/routes'
import { settingsRoutes } from '../modules/tenants/routes'

/**
 * What each feature module contributes to the surfaces. Adding a module is one line here.
 * REST route groups (data, declared in src/modules/<module>/routes.ts) are mounted under /api/v1
 * in this order.
 */
export const REST_ROUTES: RouteGroup[] = [
  // Integrators' REST API (wf_api_ tokens).
  activityRoutes,
  timesheetsRoutes,
  usersRoutes,
  teamsRoutes,
  tasksRoutes,
  projectsRoutes,
  payrollRoutes,
  billingRoutes,
  shiftsRoutes,
  webhookRoutes,
  auditRoutes,
  settingsRoutes,
  // Client API under /client (user-scoped wf_live_ keys).
  activityClientRoutes,
  timesheetClientRoutes,
  usersClientRoutes,
  securityRoutes,
  timeTrackingClientRoutes,
  locationsClientRoutes,
]

/** Scheduled jobs of every module (declared in src/modules/<module>/jobs.ts). */
export const JOBS: readonly Job[] = [
  ...activityJobs,
  ...billingJobs,
  ...retentionJobs,
  ...rateLimitJobs,
  ...payrollJobs,
  sendEmailsJob,
  ...webhookJobs,
  ...timeTrackingJobs,
  ...dashboardJobs,
  ...timesheetJobs,
  ...backupJobs,
  ...shiftsJobs,
]
