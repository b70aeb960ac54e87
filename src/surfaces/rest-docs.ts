import { Elysia } from 'elysia'
import type { Runtime } from '../runtime'

export function restDocsRoutes(_rt: Runtime) {
  return new Elysia({ name: 'rest-docs' })
}
