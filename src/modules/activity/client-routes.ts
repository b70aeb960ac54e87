import { Elysia } from 'elysia'
import type { Runtime } from '../../runtime'
import { restAuth } from '../../surfaces/rest'
import { clientHook, handle } from '../../surfaces/client-hook'
import { registerDevice } from './register-device'
import { startAgentSession } from './start-agent-session'
import { heartbeatAgentSession } from './heartbeat-agent-session'
import { endAgentSessionOp } from './end-agent-session'
import { ingestSamples } from './ingest-samples'

/** Client API of the desktop agent: devices, agent sessions and activity samples. */
export const activityClientRoutes = (rt: Runtime) =>
  new Elysia({ name: 'client:activity', prefix: '/client' })
    .use(restAuth(rt, 'client'))
    .post('/devices', handle(registerDevice), clientHook(registerDevice))
    .post('/agent-sessions', handle(startAgentSession), clientHook(startAgentSession))
    .post('/agent-sessions/:session_id/heartbeat', handle(heartbeatAgentSession), clientHook(heartbeatAgentSession, { params: ['session_id'] }))
    .post('/agent-sessions/:session_id/end', handle(endAgentSessionOp), clientHook(endAgentSessionOp, { params: ['session_id'] }))
    .post('/activity/samples', handle(ingestSamples), clientHook(ingestSamples))
