import { defineRoutes, post } from '../../kernel/route'
import { registerDevice } from './register-device'
import { startAgentSession } from './start-agent-session'
import { heartbeatAgentSession } from './heartbeat-agent-session'
import { endAgentSessionOp } from './end-agent-session'
import { ingestSamples } from './ingest-samples'

/** Client API of the desktop agent: devices, agent sessions and activity samples. */
export const activityClientRoutes = defineRoutes({ surface: 'client', prefix: '/client' }, [
  post('/devices', registerDevice),
  post('/agent-sessions', startAgentSession),
  post('/agent-sessions/:session_id/heartbeat', heartbeatAgentSession),
  post('/agent-sessions/:session_id/end', endAgentSessionOp),
  post('/activity/samples', ingestSamples),
])
