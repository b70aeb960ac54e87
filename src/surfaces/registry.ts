import type { AnyElysia } from 'elysia'
import type { Runtime } from '../runtime'
import type { JobDefinition } from './jobs'
import { sendEmailsJob } from '../modules/notifications/jobs'

/**
 * What each feature module contributes to the surfaces. Adding a module is one line here.
 * REST route plugins are mounted under /api/v1 in this order.
 */
export const REST_MODULES: ((rt: Runtime) => AnyElysia)[] = []

/** Scheduled jobs of every module (declared in src/modules/<module>/jobs.ts). */
export const JOBS: JobDefinition[] = [sendEmailsJob]
