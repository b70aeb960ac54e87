import { actorKeyId } from '../kernel/access'
import type { Ctx } from '../kernel/ctx'
import { isDomainError, storageFailure, storageUnavailable } from '../kernel/errors'
import { metrics } from '../kernel/metrics'
import { invokeParsing } from '../kernel/operation'
import type { ToolCallLog } from '../modules/analytics/tool-call-log'
import type { Runtime } from '../runtime'
import type { McpRateLimiter } from './mcp-rate-limit'
import { ctxForSession } from './mcp-mode'
import type { McpSession } from './mcp-sessions'
import { errorResult, okResult, parseArguments, type McpTool, type ToolResult } from './mcp-tools'

export interface CallEnv {
  rt: Runtime
  /** The request context built from the key (before any demo-mode switch). */
  ctx: Ctx
  session: McpSession | null
  calls: ToolCallLog
  limiter: McpRateLimiter
  /** True when the transport already counted this message against the rate limit (batches). */
  counted: boolean
}

async function execute(env: CallEnv, tool: McpTool, args: unknown): Promise<ToolResult> {
  const { ctx } = env
  const keyId = actorKeyId(ctx.actor)
  if (keyId && ctx.tenant && !env.counted) {
    const rate = env.limiter.hit(ctx.tenant.id, keyId, ctx.now)
    if (rate && !(await rate.turn)[rate.index]!.allowed) {
      return errorResult(
        tool,
        'rate_limited',
        `This key made more than ${rate.limit} tool calls this minute. Try again in ${rate.retryAfterSeconds} s.`,
        args,
        ctx.now,
      )
    }
  }
  const effective = ctxForSession(env.rt, ctx, env.session, tool.op.mcp?.actsOnSession === true)
  try {
    const out = await invokeParsing(tool.op, effective, args, (raw) => parseArguments(tool, raw))
    const errors = tool.outputProblems?.(out)
    if (errors) {
      // Our bug, not the caller's (under test): log what failed and answer internal_error.
      env.rt.log.error('tool output does not match its outputSchema', { tool: tool.op.name, requestId: ctx.requestId, errors })
      return errorResult(tool, 'internal_error', `Something went wrong on the server (request ${ctx.requestId}).`, args, ctx.now)
    }
    return okResult(out as Record<string, unknown>)
  } catch (e) {
    if (isDomainError(e)) return errorResult(tool, e.code, e.message, args, ctx.now, e.details)
    // A full disk or an I/O error: nothing was saved, and the caller may retry (as REST's 503 says).
    const storage = storageFailure(e)
    if (storage) {
      env.rt.log.error('storage failure', { tool: tool.op.name, requestId: ctx.requestId, code: storage.code, error: storage.message })
      const refusal = storageUnavailable(storage)
      return errorResult(tool, refusal.code, refusal.message, args, ctx.now, refusal.details)
    }
    env.rt.log.error('tool failed', { tool: tool.op.name, requestId: ctx.requestId, error: e instanceof Error ? (e.stack ?? e.message) : String(e) })
    return errorResult(tool, 'internal_error', `Something went wrong on the server (request ${ctx.requestId}).`, args, ctx.now)
  }
}

/** Runs one tools/call and records it (tool, tenant, user, key, client, session, duration, outcome). */
export async function callTool(env: CallEnv, tool: McpTool, args: unknown): Promise<ToolResult> {
  const started = performance.now()
  const result = await execute(env, tool, args)
  const { ctx, session } = env
  env.calls.record({
    tenantId: ctx.tenant?.id ?? null,
    userId: ctx.actor.userId ?? null,
    apiKeyId: actorKeyId(ctx.actor),
    toolName: tool.op.name,
    source: session?.clientName ?? null,
    sessionId: session?.id ?? null,
    startedAt: ctx.now,
    durationMs: Math.round(performance.now() - started),
    outcome: result.isError ? 'error' : 'ok',
    errorCode: result.isError ? String(result.structuredContent.error) : null,
  })
  metrics.mcpToolCall(tool.op.name, result.isError ? String(result.structuredContent.error) : 'ok')
  if (result.isError && result.structuredContent.error === 'rate_limited') metrics.rateLimited('mcp')
  return result
}
