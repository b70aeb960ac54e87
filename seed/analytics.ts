import type { Role } from '../src/kernel/ctx'
import { QUESTIONS, TOOL_ERRORS, TOOL_MIX } from './catalog/texts'
import type { SeedEnv } from './env'
import type { Company, Person } from './model'
import { mcpClient, toolCall } from './render/log'
import { Rng } from './rng'

/** Tool calls per person and working day, by role: managers ask their AI client most. */
const CALLS_PER_DAY: Record<Role, number> = { owner_admin: 1.2, admin: 2, manager: 2.2, employee: 0.12 }

const active = (p: Person, date: string) =>
  p.status !== 'invited' && (p.activeFrom === null || date >= p.activeFrom) && (p.activeTo === null || date <= p.activeTo)

/** One day of MCP tool calls and ask_workforce questions, so usage analytics have history. */
export function analyticsDay(env: SeedEnv, company: Company, date: string): void {
  const rng = new Rng(env.seed, 15, env.cal.dayNumber(date))
  const weekend = env.cal.weekday(date) >= 6
  const from = env.cal.at(date, '07:30')
  for (const p of company.people) {
    if (!active(p, date)) continue
    const rate = CALLS_PER_DAY[p.role] * (weekend ? 0.15 : 1)
    const calls = Math.floor(rate) + (rng.chance(rate - Math.floor(rate)) ? 1 : 0)
    // A person's calls of one day come from one MCP session of one AI client.
    const session = calls > 0 ? { id: env.ids.uuid(), client: mcpClient(rng) } : undefined
    for (let k = 0; k < calls; k++) {
      const at = from + rng.int(0, 11 * 3600) * 1000
      const mix = TOOL_MIX[p.role]
      const tool = mix[rng.weighted(mix.map((m) => m[1]))]![0]
      const failed = rng.chance(0.03)
      toolCall(env, p, tool, at, rng, session, failed ? rng.pick(TOOL_ERRORS) : null)
      if (tool === 'ask_workforce' && at <= env.now) {
        const q = rng.pick(QUESTIONS)
        env.w.questions.add({
          id: env.ids.uuid(),
          tenantId: env.tenantId,
          userId: p.id,
          apiKeyId: null,
          question: q.question,
          theme: q.theme,
          suggestedTools: q.tools,
          askedAt: at,
        })
      }
    }
  }
}
