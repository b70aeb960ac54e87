/**
 * What modules and surfaces count, without knowing how it is exported: each call is one line at
 * the place the thing happens. surfaces/metrics.ts installs the Prometheus implementation when a
 * server starts; until then (CLI commands, tests of modules) every call does nothing.
 */
export interface MetricsSink {
  /** One MCP tools/call answered: `outcome` is ok, error (isError result) or a JSON-RPC failure. */
  mcpToolCall(tool: string, outcome: string): void
  /** A request refused by a rate limit on `surface` (rest, client, mcp, mail). */
  rateLimited(surface: string): void
  /** One job tick that ran: failed when it threw or recorded an error. */
  jobRun(job: string, outcome: 'succeeded' | 'failed', seconds: number, at: number): void
  /** One webhook delivery attempt: `outcome` delivered or failed (network error, timeout or non-2xx). */
  webhookAttempt(outcome: 'delivered' | 'failed', seconds: number): void
  /** One request to a cached REST read: served from memory (hit), computed, or given another request's computation under way (joined). */
  answerCache(operation: string, result: 'hit' | 'computed' | 'joined'): void
}

const noop: MetricsSink = { mcpToolCall() {}, rateLimited() {}, jobRun() {}, webhookAttempt() {}, answerCache() {} }

let sink: MetricsSink = noop

/** Installs (or, with null, removes) the implementation behind `metrics`. */
export function setMetricsSink(next: MetricsSink | null): void {
  sink = next ?? noop
}

/** The counters of this process; calls go to whatever sink is installed. */
export const metrics: MetricsSink = {
  mcpToolCall: (tool, outcome) => sink.mcpToolCall(tool, outcome),
  rateLimited: (surface) => sink.rateLimited(surface),
  jobRun: (job, outcome, seconds, at) => sink.jobRun(job, outcome, seconds, at),
  webhookAttempt: (outcome, seconds) => sink.webhookAttempt(outcome, seconds),
  answerCache: (operation, result) => sink.answerCache(operation, result),
}
