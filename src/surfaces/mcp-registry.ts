import type { AnyOperation } from '../kernel/operation'
import { analyticsTools } from '../modules/analytics/tools'
import { dashboardTools } from '../modules/dashboard/tools'
import { usersTools } from '../modules/users/tools'
import { timesheetsTools } from '../modules/timesheets/tools'
import { activityTools } from '../modules/activity/tools'
import { timeTrackingTools } from '../modules/time-tracking/tools'
import { discoveryTools } from '../modules/discovery/tools'
import { onboardingTools } from '../modules/onboarding/tools'
import { provideToolCatalog } from '../modules/discovery/catalog'
import { TOOL_ORDER, groupOf } from '../modules/discovery/tool-groups'

let cached: AnyOperation[] | null = null

/**
 * Every MCP tool in the specification's order, each module contributing its tools.ts list;
 * built on first use and checked against the 24 names of the specification.
 */
export function mcpOperations(): AnyOperation[] {
  if (cached) return cached
  const all = [
    ...analyticsTools,
    ...dashboardTools,
    ...usersTools,
    ...timesheetsTools,
    ...activityTools,
    ...timeTrackingTools,
    ...discoveryTools,
    ...onboardingTools,
  ] as unknown as AnyOperation[]
  const byName = new Map(all.map((op) => [op.name, op]))
  const ordered = TOOL_ORDER.map((name) => {
    const op = byName.get(name)
    if (!op) throw new Error(`MCP tool ${name} is not registered by any module`)
    return op
  })
  if (byName.size !== TOOL_ORDER.length) throw new Error(`Modules register ${byName.size} MCP tools; the specification has ${TOOL_ORDER.length}`)
  cached = ordered
  return ordered
}

// Discovery tools describe this very list; they read it through the catalog provider.
provideToolCatalog(() =>
  mcpOperations().map((op) => ({ name: op.name, title: op.title, role: op.access.role, write: op.access.write === true, group: groupOf(op.name) })),
)
