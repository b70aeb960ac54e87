import type { AnyElysia } from 'elysia'
import type { Runtime } from '../runtime'
import type { JobDefinition } from './jobs'
import { webhookRoutes } from '../modules/webhooks/routes'
import { webhookJobs } from '../modules/webhooks/jobs'

/**
 * What each feature module contributes to the surfaces. Adding a module is one line here.
 * REST route plugins are mounted under /api/v1 in this order.
 */
export const REST_MODULES: ((rt: Runtime) => AnyElysia)[] = [
  webhookRoutes,
]

/** Scheduled jobs of every module (declared in src/modules/<module>/jobs.ts). */
export const JOBS: JobDefinition[] = [
  ...webhookJobs,
]
