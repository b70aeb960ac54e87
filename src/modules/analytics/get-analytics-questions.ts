import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DateOnly, Id, Instant, Int, Nullable, PeriodEnum } from '../../kernel/schemas'
import { dateRange, localDate, toIso } from '../../kernel/time'
import { ThemeEnum } from './ask-workforce'
import { UNAVAILABLE_IN_DEMO, periodWindow } from './period'
import { questionsBetween } from './queries'

const QuestionRecord = t.Object(
  {
    id: Id,
    question: t.String({ description: 'The question as asked' }),
    theme: ThemeEnum,
    suggested_tools: t.Array(t.String()),
    asked_at: Instant,
    asked_by_user_id: Nullable(Id, { description: 'Who asked, when the key is bound to a person' }),
  },
  { description: 'A question sent to ask_workforce' },
)

const ThemeCount = t.Object(
  { theme: ThemeEnum, count: Int({ minimum: 1 }), share: t.Number({ minimum: 0, maximum: 1, description: 'Share of the period questions' }) },
  { description: 'How often a theme was asked about' },
)

const DayDemand = t.Object(
  { date: DateOnly, count: Int({ minimum: 0 }), top_theme: Nullable(ThemeEnum, { description: 'Most asked theme that day; null without questions' }) },
  { description: 'Questions asked on one date of the period' },
)

const PRIVACY_NOTE_QUESTIONS =
  "Questions are tenant-scoped product telemetry: only this company's Admins and OwnerAdmins can read them, and they never leave this server."

export const getAnalyticsQuestions = defineOperation({
  name: 'get_analytics_questions',
  title: 'Get asked questions',
  description:
    'What people asked through ask_workforce in a period (today, this_week, last_week, this_month, last_month; default this_month): the latest questions (limit 1-50, default 20), the top themes and the demand per day. Admin or OwnerAdmin; unavailable (available: false) in demo mode.',
  access: { role: 'admin' },
  input: t.Object({
    period: t.Union(PeriodEnum.anyOf, { description: PeriodEnum.description, default: 'this_month' }),
    limit: Int({ minimum: 1, maximum: 50, default: 20, description: 'Latest questions to return, at most 50' }),
  }),
  output: t.Object({
    available: t.Boolean({ description: 'false in demo mode' }),
    period: PeriodEnum,
    period_start: DateOnly,
    period_end: DateOnly,
    as_of: Instant,
    recent_questions: t.Array(QuestionRecord, { description: 'Newest first' }),
    question_count: Int({ minimum: 0, description: 'Questions in the period' }),
    top_themes: t.Array(ThemeCount, { description: 'Most asked first' }),
    period_demand: t.Array(DayDemand, { description: 'Every date of the period up to today' }),
    privacy_note: t.String(),
  }),
  unavailableInDemo(ctx, input) {
    const w = periodWindow(ctx, input.period)
    const base = { period: input.period, period_start: w.start, period_end: w.end, as_of: toIso(ctx.now), privacy_note: PRIVACY_NOTE_QUESTIONS }
    return {
      ...base,
      available: false,
      recent_questions: [],
      question_count: 0,
      top_themes: [],
      period_demand: [],
      privacy_note: `${UNAVAILABLE_IN_DEMO} ${PRIVACY_NOTE_QUESTIONS}`,
    }
  },
  run(ctx, input) {
    const w = periodWindow(ctx, input.period)
    const base = { period: input.period, period_start: w.start, period_end: w.end, as_of: toIso(ctx.now), privacy_note: PRIVACY_NOTE_QUESTIONS }
    const rows = questionsBetween(ctx, w)
    const themes = new Map<string, number>()
    const days = new Map<string, Map<string, number>>()
    for (const r of rows) {
      themes.set(r.theme, (themes.get(r.theme) ?? 0) + 1)
      const date = localDate(r.askedAt, ctx.tenant.timezone)
      const perTheme = days.get(date) ?? new Map<string, number>()
      perTheme.set(r.theme, (perTheme.get(r.theme) ?? 0) + 1)
      days.set(date, perTheme)
    }
    const today = localDate(ctx.now, ctx.tenant.timezone)
    const top = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    type Theme = (typeof ThemeEnum)['static']
    return {
      ...base,
      available: true,
      recent_questions: rows.slice(0, input.limit).map((r) => ({
        id: r.id,
        question: r.question,
        theme: r.theme as Theme,
        suggested_tools: r.suggestedTools,
        asked_at: toIso(r.askedAt),
        asked_by_user_id: r.userId,
      })),
      question_count: rows.length,
      top_themes: top(themes).map(([theme, count]) => ({ theme: theme as Theme, count, share: Math.round((count / rows.length) * 1000) / 1000 })),
      period_demand: dateRange(w.start, w.end < today ? w.end : today).map((date) => {
        const perTheme = days.get(date)
        const count = perTheme ? [...perTheme.values()].reduce((a, b) => a + b, 0) : 0
        return { date, count, top_theme: perTheme ? (top(perTheme)[0]![0] as Theme) : null }
      }),
    }
  },
})
