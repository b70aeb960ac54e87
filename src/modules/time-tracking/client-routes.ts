import { Elysia } from 'elysia'
import type { Runtime } from '../../runtime'
import { restAuth } from '../../surfaces/rest'
import { clientHook, handle } from '../../surfaces/client-hook'
import { clientClockIn, clientClockOut } from './client-clock'
import { startBreak } from './start-break'
import { endBreak } from './end-break'
import { recordPresenceTap } from './record-presence-tap'

/** Client API of attendance: clock-in/out, breaks and presence confirmations. */
export const timeTrackingClientRoutes = (rt: Runtime) =>
  new Elysia({ name: 'client:time-tracking', prefix: '/client' })
    .use(restAuth(rt, 'client'))
    .post('/clock-in', handle(clientClockIn), clientHook(clientClockIn))
    .post('/clock-out', handle(clientClockOut), clientHook(clientClockOut))
    .post('/breaks/start', handle(startBreak), clientHook(startBreak))
    .post('/breaks/end', handle(endBreak), clientHook(endBreak))
    .post('/presence-taps', handle(recordPresenceTap), clientHook(recordPresenceTap))
