import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { newId } from '../../kernel/ids'
import { actorKeyId, isOfferedTo } from '../../kernel/access'
import { ROLE_LABELS, type Role, type TenantBoundCtx } from '../../kernel/ctx'
import { localDate } from '../../kernel/time'
import { toolCatalog } from '../discovery/catalog'
import { listTeamsPage } from '../teams/queries'
import { usersMatching } from '../users/queries'
import { scopeUserIds, visibility } from '../users/visibility'
import { insertQuestion } from './queries'
import { THEMES, routeWithFacts, type Resolved, type World } from './question-router'

const QUESTION_ECHO_LENGTH = 200

export const ThemeEnum = t.Union(
  THEMES.map((th) => t.Literal(th)),
  { description: 'Theme the question was routed to' },
)

const ChoiceSchema = t.Object(
  {
    argument: t.String({ description: 'The argument to fill, e.g. user_id' }),
    phrase: t.String({ description: 'The words of the question that name it' }),
    options: t.Array(t.Object({ value: t.String(), label: t.String() }), { description: 'Every match: ask the user which one they mean' }),
  },
  { description: 'An argument the question names ambiguously (two people called Omar)' },
)

const RouteSchema = t.Object(
  {
    tool: t.String({ description: 'Tool to call' }),
    reason: t.String({ description: 'What it answers' }),
    arguments: t.Record(t.String(), t.Union([t.String(), t.Number(), t.Boolean()]), {
      description:
        "Arguments to pass, taken from the question (may be empty): people and teams resolved to their ids, dates and periods in the company's time zone",
    }),
    choices: t.Array(ChoiceSchema, { description: 'Arguments left out because the question is ambiguous; empty when none' }),
    notes: t.Array(t.String(), { description: "How an argument was read, or why the question's time could not be passed as is" }),
    score: t.Number({ minimum: 0, description: 'Keyword hits; higher is a better match' }),
  },
  { description: 'One suggested tool call' },
)

const ResolvedSchema = t.Object(
  {
    when: t.Union(
      [
        t.Object({
          phrase: t.String(),
          from: t.String({ format: 'date', description: 'First local date' }),
          to: t.String({ format: 'date', description: 'Last local date' }),
          period: t.Union([t.String(), t.Null()], { description: 'The named period, when the words name one' }),
        }),
        t.Null(),
      ],
      { description: "The time the question names, in the company's time zone; null when none" },
    ),
    people: t.Array(t.Object({ phrase: t.String(), candidates: t.Array(t.Object({ user_id: t.String(), name: t.String() })) }), {
      description: 'People named, among those you can see: one candidate, or several when ambiguous',
    }),
    teams: t.Array(t.Object({ phrase: t.String(), candidates: t.Array(t.Object({ team_id: t.String(), name: t.String() })) }), {
      description: 'Teams named',
    }),
  },
  { description: 'What the question was read as' },
)

/** The tenant and caller as the router sees them: the people and teams the caller can see, the tools offered and allowed. */
function worldOf(ctx: TenantBoundCtx): World {
  const catalog = toolCatalog(ctx.config.mcpExtendedTools)
  const byName = new Map(catalog.map((e) => [e.name, e]))
  let people: ReturnType<World['people']> | null = null
  return {
    today: localDate(ctx.now, ctx.tenant.timezone),
    tz: ctx.tenant.timezone,
    people: () => {
      people ??= usersMatching(ctx, { userIds: scopeUserIds(visibility(ctx), null) }).map((u) => ({ id: u.id, name: u.name, teamId: u.primaryTeamId }))
      return people
    },
    selfId: ctx.actor.userId,
    teams: () => listTeamsPage(ctx, { offset: 0, limit: 1000 }).rows.map((r) => ({ id: r.id, name: r.name })),
    offered: (tool) => catalog.length === 0 || byName.has(tool),
    // The policy itself says whether the caller's key may call a tool (kernel/access.ts).
    allowed: (tool) => {
      const access = byName.get(tool)?.access
      if (!access || isOfferedTo(ctx, access)) return { ok: true }
      const needs = access.role in ROLE_LABELS ? `needs ${ROLE_LABELS[access.role as Role]} or above` : 'is not offered to this key'
      return { ok: false, why: `${needs}; your role cannot call it` }
    },
  }
}

/** What to do next, in one sentence: which tool, and which ambiguous name to ask the user about first. */
function messageFor(routes: { tool: string; choices: { argument: string; phrase: string; options: { label: string }[] }[] }[], resolved: Resolved): string {
  const [first, ...rest] = routes
  const then = rest.length > 0 ? `, then ${rest.map((r) => r.tool).join(' or ')} if needed` : ''
  const asks = first!.choices.map((c) => `which "${c.phrase}" they mean (${c.options.map((o) => o.label).join(', ')}) for ${c.argument}`)
  if (asks.length === 0) {
    for (const p of resolved.people.filter((m) => m.candidates.length > 1)) {
      asks.push(`which "${p.phrase}" they mean (${p.candidates.map((c) => c.name).join(', ')})`)
    }
  }
  return asks.length > 0 ? `First ask the user ${asks.join('; and ')}; then call ${first!.tool}${then}.` : `Call ${first!.tool} first${then}.`
}

export const askWorkforce = defineOperation({
  name: 'ask_workforce',
  title: 'Ask a workforce question',
  description:
    "Send the user's question verbatim (up to 2000 characters) when you are unsure which tool answers it: returns the tools to call, best first, with the arguments to pass: people and teams it names as their ids, times as the tool's period or dates in the company's time zone, and names that fit several people as choices to ask the user about. It does not answer the question itself. Questions are stored as tenant-scoped product telemetry that only Admins and OwnerAdmins can read (get_analytics_questions).",
  access: { role: 'member' },
  // Changes rows: records the question for get_analytics_questions (demand capture).
  changesRows: true,
  input: t.Object({
    question: t.String({ minLength: 1, maxLength: 2000, description: 'The question, verbatim, at most 2000 characters' }),
  }),
  output: t.Object({
    acknowledged: t.Boolean(),
    question_received: t.String({ maxLength: QUESTION_ECHO_LENGTH, description: 'The question, truncated to 200 characters' }),
    message: t.String(),
    theme: ThemeEnum,
    suggested_tools: t.Array(t.String(), { description: 'Tool names, best first' }),
    routes: t.Array(RouteSchema, { description: 'The same tools with reasons and arguments' }),
    resolved: ResolvedSchema,
    tip: t.String(),
  }),
  run(ctx, input) {
    const { routes, resolved } = routeWithFacts(input.question, worldOf(ctx))
    const theme = routes[0]!.theme
    const tools = routes.map((r) => r.tool)
    insertQuestion(ctx, {
      id: newId(),
      userId: ctx.actor.userId,
      apiKeyId: actorKeyId(ctx.actor),
      question: input.question,
      theme,
      suggestedTools: tools,
    })
    return {
      acknowledged: true,
      question_received: input.question.slice(0, QUESTION_ECHO_LENGTH),
      message: messageFor(routes, resolved),
      theme,
      suggested_tools: tools,
      routes: routes.map((r) => ({ tool: r.tool, reason: r.reason, arguments: r.arguments, choices: r.choices, notes: r.notes, score: r.score })),
      resolved,
      tip: 'Write tools (clock_in, clock_out, invite_staff) change data: confirm with the user before calling them.',
    }
  },
})
