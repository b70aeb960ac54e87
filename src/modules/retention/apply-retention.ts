import type { TenantScope } from '../../kernel/ctx'
import { DAY } from '../../kernel/time'
import { inTransaction } from '../../kernel/db'
import { purgeBlocksBefore, purgeEndedAgentSessionsBefore, purgeIngestBatchesBefore, purgeSamplesBefore } from '../activity/purge-queries'
import { purgeQuestionsBefore, purgeToolCallsBefore } from '../analytics/purge-queries'
import { purgeFinishedJobRunsBefore } from '../jobs/purge-queries'
import { purgeSessionsSeenBefore } from '../mcp-sessions/purge-queries'
import { purgeFinishedEmailsBefore } from '../notifications/purge-queries'
import { purgePingsBefore } from '../locations/purge-queries'
import { retentionDaysOf } from '../tenants/retention-queries'
import { DATA_KINDS, type DataKind } from '../tenants/schema'
import { purgeFinishedDeliveriesBefore } from '../webhooks/history-queries'
import { purgeDeliveredEventsBefore } from '../webhooks/purge-queries'

const BATCH = 5_000

type Purge = (c: TenantScope, cutoff: number, limit: number) => number

/** Who purges each data kind: the module that owns its table. Screenshots are never captured. */
const PURGES: Partial<Record<DataKind, Purge>> = {
  activity_samples: purgeSamplesBefore,
  activity_blocks: purgeBlocksBefore,
  location_pings: purgePingsBefore,
  agent_sessions: purgeEndedAgentSessionsBefore,
  tool_calls: purgeToolCallsBefore,
  webhook_deliveries: purgeFinishedDeliveriesBefore,
  webhook_events: purgeDeliveredEventsBefore,
  email_outbox: purgeFinishedEmailsBefore,
  ask_questions: purgeQuestionsBefore,
  ingest_batches: purgeIngestBatchesBefore,
  mcp_sessions: purgeSessionsSeenBefore,
  job_runs: purgeFinishedJobRunsBefore,
}

/**
 * Deletes monitoring data and append-only logs (tool calls, questions, emails, events and
 * deliveries, ingest batch ids, MCP sessions, job runs) older than the tenant's retention period
 * (retentionDaysOf), kind by kind, in short transactions. Time logs, timesheets and payroll are
 * records, not monitoring data: never deleted.
 */
export function applyRetention(ctx: TenantScope): number {
  const days = retentionDaysOf(ctx)
  let deleted = 0
  for (const kind of DATA_KINDS) {
    const keep = days.get(kind)
    const purge = PURGES[kind]
    if (keep === undefined || !purge) continue
    const cutoff = ctx.now - keep * DAY
    for (;;) {
      const n = inTransaction(ctx, (c) => purge(c, cutoff, BATCH))
      deleted += n
      if (n < BATCH) break
    }
  }
  return deleted
}
