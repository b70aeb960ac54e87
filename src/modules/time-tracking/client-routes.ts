import { defineRoutes, post } from '../../kernel/route'
import { clientClockIn, clientClockOut } from './client-clock'
import { startBreak } from './start-break'
import { endBreak } from './end-break'
import { recordPresenceTap } from './record-presence-tap'

/** Client API of attendance: clock-in/out, breaks and presence confirmations. */
export const timeTrackingClientRoutes = defineRoutes({ surface: 'client', prefix: '/client' }, [
  post('/clock-in', clientClockIn),
  post('/clock-out', clientClockOut),
  post('/breaks/start', startBreak),
  post('/breaks/end', endBreak),
  post('/presence-taps', recordPresenceTap),
])
