import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { newId } from '../../kernel/ids'
import { actorKeyId } from '../../kernel/access'

import { insertQuestion } from './queries'
import { THEMES, routeQuestion } from './question-router'

const QUESTION_ECHO_LENGTH = 200

export const ThemeEnum = t.Union(
  THEMES.map((th) => t.Literal(th)),
  { description: 'Theme the question was routed to' },
)

const RouteSchema = t.Object(
  {
    tool: t.String({ description: 'Tool to call' }),
    reason: t.String({ description: 'What it answers' }),
    arguments: t.Record(t.String(), t.Union([t.String(), t.Number(), t.Boolean()]), {
      description: 'Arguments to pass, taken from the question (may be empty)',
    }),
    score: t.Number({ minimum: 0, description: 'Keyword hits; higher is a better match' }),
  },
  { description: 'One suggested tool call' },
)

export const askWorkforce = defineOperation({
  name: 'ask_workforce',
  title: 'Ask a workforce question',
  description:
    "Send the user's question verbatim (up to 2000 characters) when you are unsure which tool answers it: returns the tools to call, best first, with the arguments to pass. It does not answer the question itself. Questions are stored as tenant-scoped product telemetry that only Admins and OwnerAdmins can read (get_analytics_questions).",
  access: { role: 'member' },
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
    tip: t.String(),
  }),
  run(ctx, input) {
    const routes = routeQuestion(input.question)
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
      message: `Call ${tools[0]} first${tools.length > 1 ? `, then ${tools.slice(1).join(' or ')} if needed` : ''}.`,
      theme,
      suggested_tools: tools,
      routes: routes.map((r) => ({ tool: r.tool, reason: r.reason, arguments: r.arguments, score: r.score })),
      tip: 'Write tools (clock_in, clock_out, invite_staff) change data: confirm with the user before calling them.',
    }
  },
})
