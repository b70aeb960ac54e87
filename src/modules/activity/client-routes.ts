import { defineRoutes, post } from '../../kernel/route'
import { registerDevice } from './register-device'
import { startAgentSession } from './start-agent-session'
import { heartbeatAgentSession } from './heartbeat-agent-session'
import { endAgentSessionOp } from './end-agent-session'
import { ingestSamples } from './ingest-samples'
import { enrollDevice } from './enroll-device'
import { createEnrollmentCode } from './create-enrollment-code'

/**
 * Client API of the desktop agent: enrollment (a public operation: the one-time code is the
 * credential), devices, agent sessions and activity samples.
 */
export const activityClientRoutes = defineRoutes({ surface: 'client', prefix: '/client' }, [
  post('/devices', registerDevice),
  post('/agent-sessions', startAgentSession),
  post('/agent-sessions/:session_id/heartbeat', heartbeatAgentSession),
  post('/agent-sessions/:session_id/end', endAgentSessionOp),
  post('/activity/samples', ingestSamples),
  post('/enroll', enrollDevice),
  post('/admin/enrollment-codes', createEnrollmentCode, { status: 201 }),
])
