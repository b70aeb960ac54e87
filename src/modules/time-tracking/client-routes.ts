import { defineRoutes, get, post } from '../../kernel/route'
import { clientClockIn, clientClockOut } from './client-clock'
import { startBreak } from './start-break'
import { endBreak } from './end-break'
import { recordPresenceTap } from './record-presence-tap'
import { addTimeEntry } from './add-time-entry'
import { correctTimeEntry } from './correct-time-entry'
import { listMyTimeCorrections, listTimeCorrections } from './list-time-corrections'

/** Client API of attendance: clock-in/out, breaks, presence confirmations and time corrections. */
export const timeTrackingClientRoutes = defineRoutes({ surface: 'client', prefix: '/client' }, [
  post('/clock-in', clientClockIn),
  post('/clock-out', clientClockOut),
  post('/breaks/start', startBreak),
  post('/breaks/end', endBreak),
  post('/presence-taps', recordPresenceTap),
  post('/time-entries', addTimeEntry, { status: 201 }),
  post('/time-entries/:time_log_id/correct', correctTimeEntry),
  get('/time-corrections', listTimeCorrections),
  get('/me/time-corrections', listMyTimeCorrections),
])
