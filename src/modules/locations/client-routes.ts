import { Elysia } from 'elysia'
import type { Runtime } from '../../runtime'
import { restAuth } from '../../surfaces/rest'
import { clientHook, handle } from '../../surfaces/client-hook'
import { recordLocationPingsOp } from './record-location-pings'

/** Client API of the mobile app: positions while clocked in. */
export const locationsClientRoutes = (rt: Runtime) =>
  new Elysia({ name: 'client:locations', prefix: '/client' })
    .use(restAuth(rt, 'client'))
    .post('/location-pings', handle(recordLocationPingsOp), clientHook(recordLocationPingsOp))
