/**
 * Routes a free-text question to the tools that answer it. Keyword rules, not a model: cheap,
 * predictable and explainable ("matched: overtime"). Each rule names a theme (used to group
 * stored questions) and builds the arguments to pass from what the question says.
 */
export const THEMES = [
  'overview',
  'attendance',
  'timesheets',
  'approvals',
  'hours',
  'workload',
  'productivity',
  'people',
  'activity',
  'pricing',
  'product',
  'data',
  'demo',
  'usage',
  'other',
] as const
export type Theme = (typeof THEMES)[number]

export type ArgValue = string | number | boolean
export interface Route {
  tool: string
  theme: Theme
  reason: string
  arguments: Record<string, ArgValue>
  score: number
}

interface Rule {
  tool: string
  theme: Theme
  words: RegExp
  reason: string
  args?: (q: string) => Record<string, ArgValue>
  /** Hits of a specific phrasing outweigh the generic words of other rules (default 1). */
  weight?: number
}

/** A named period the question mentions, for tools that take one. */
export function periodIn(q: string): 'today' | 'this_week' | 'last_week' | 'this_month' | 'last_month' | null {
  if (/\blast week\b|\bprevious week\b/.test(q)) return 'last_week'
  if (/\blast month\b|\bprevious month\b/.test(q)) return 'last_month'
  if (/\bthis month\b|\bmonthly\b/.test(q)) return 'this_month'
  if (/\btoday\b|\bright now\b|\bcurrently\b/.test(q)) return 'today'
  if (/\bthis week\b|\bweekly\b/.test(q)) return 'this_week'
  return null
}

const withPeriod =
  (allowLastMonth = true) =>
  (q: string): Record<string, ArgValue> => {
    const p = periodIn(q)
    return p && (allowLastMonth || p !== 'last_month') ? { period: p } : {}
  }

const RULES: Rule[] = [
  // "Who hasn't clocked in today?" is about people missing against their schedule, not a directory.
  {
    tool: 'get_workload_alerts',
    theme: 'workload',
    words: /\b(has ?n['’]?t|have ?n['’]?t|not( yet)?|did ?n['’]?t|never) (clocked|clock) in\b|\bmissing\b|\bno.?shows?\b|\blate\b/g,
    reason: 'who is missing against their schedule today, with other workload alerts',
    weight: 2,
  },
  {
    tool: 'clock_in',
    theme: 'attendance',
    words: /\bclock (me )?in\b|\bstart (my )?(shift|work|day)\b|\bpunch in\b/g,
    reason: 'starts a work session (confirm with the user first)',
  },
  {
    tool: 'clock_out',
    theme: 'attendance',
    words: /\bclock (me )?out\b|\bend (my )?(shift|work|day)\b|\bpunch out\b/g,
    reason: 'ends the open work session (confirm with the user first)',
  },
  {
    tool: 'list_employees',
    theme: 'attendance',
    words: /\bwho('s| is)? (in|clocked|working|online|present)\b|\bclocked in\b|\battendance\b|\bpresent\b/g,
    reason: 'is_clocked_in for each person',
  },
  {
    tool: 'get_dashboard_summary',
    theme: 'overview',
    words: /\bdashboard\b|\boverview\b|\bsummary\b|\bkpis?\b|\bhow (is|are) (my |the )?(team|company|we)\b|\bheadcount\b/g,
    reason: "today's key figures",
  },
  {
    tool: 'list_my_timesheet',
    theme: 'timesheets',
    words: /\bmy (time ?sheet|hours|time)\b|\btime ?sheets?\b|\bhow (much|many hours) (did|have) i\b/g,
    reason: "the caller's own sessions and total hours",
  },
  {
    tool: 'list_pending_approvals',
    theme: 'approvals',
    words: /\bapprov\w*\b|\bpending\b|\bsubmitted\b|\bawaiting\b|\bwaiting\b|\bsign(ed)? off\b/g,
    reason: 'timesheets awaiting approval',
  },
  {
    tool: 'summarize_team_hours',
    theme: 'hours',
    words: /\bteam hours\b|\bhours\b|\bworked\b|\btime spent\b|\butili[sz]ation\b/g,
    reason: 'hours per member and per day',
    args: withPeriod(),
  },
  {
    tool: 'get_workload_alerts',
    theme: 'workload',
    words: /\bovertime\b|\bburn ?out\b|\bworkload\b|\boverwork\w*\b|\blate\b|\babsen\w*\b|\bmissing\b|\bno.?show\b|\bnot clocked in\b|\balerts?\b/g,
    reason: 'unusual hours, missed clock-ins, gaps and overtime',
  },
  {
    tool: 'get_productivity_overview',
    theme: 'productivity',
    words: /\bproductiv\w*\b|\bfocus\w*\b|\bidle\b|\bdistract\w*\b|\bapps?\b|\bapplications?\b|\befficien\w*\b/g,
    reason: 'category-based productivity score',
    args: withPeriod(false),
  },
  {
    tool: 'list_employees',
    theme: 'people',
    words: /\bemployees?\b|\bstaff\b|\bteam members?\b|\bwho works\b|\bdirectory\b|\bpeople\b|\bcolleagues?\b/g,
    reason: 'the people you can see, with search and team filters',
  },
  {
    tool: 'get_employee_details',
    theme: 'people',
    words: /\bprofile\b|\bdetails?\b|\babout me\b|\bmy status\b|\bam i (clocked|working)\b/g,
    reason: 'one profile with recent activity',
    args: (q): Record<string, ArgValue> => (/\b(me|my|i)\b/.test(q) ? { employee_id: 'me' } : {}),
  },
  {
    tool: 'invite_staff',
    theme: 'people',
    words: /\binvite\w*\b|\bonboard (a |new )?\w+\b|\badd (a |new )?(user|employee|person|staff)\b|\bhire\b/g,
    reason: 'invites a person by email (confirm with the user first)',
  },
  {
    tool: 'list_recent_activity',
    theme: 'activity',
    words: /\brecent\b|\bactivity\b|\bwhat happened\b|\blatest\b|\bchanges?\b/g,
    reason: 'clock and timesheet events as daily aggregates',
  },
  {
    tool: 'get_pricing_and_plans',
    theme: 'pricing',
    words: /\bpric\w*\b|\bplans?\b|\bcosts?\b|\bupgrade\b|\bbilling\b|\bsubscription\b/g,
    reason: 'plans, prices and retention',
  },
  { tool: 'start_free_trial', theme: 'pricing', words: /\btrial\b|\bsign ?up\b|\bget started\b|\bfree\b/g, reason: 'how to start a trial' },
  {
    tool: 'get_capabilities',
    theme: 'product',
    words: /\bwhat can (you|it|this)\b|\bcapabilit\w*\b|\bfeatures?\b|\bintegrations?\b|\bsupport\w*\b/g,
    reason: 'everything the service can do, by role',
  },
  {
    tool: 'get_data_dictionary',
    theme: 'data',
    words: /\bdata\b|\bfields?\b|\bdictionary\b|\bschema\b|\bretention\b|\bprivacy\b|\bgdpr\b|\bstored?\b/g,
    reason: 'entities, fields and retention',
  },
  { tool: 'get_demo_scenarios', theme: 'demo', words: /\bdemo\b|\bsample\b|\bexamples?\b|\btry\b/g, reason: 'guided demo scenarios' },
  {
    tool: 'get_analytics_overview',
    theme: 'usage',
    words: /\busage\b|\badoption\b|\bactive users\b|\bai queries\b|\bsessions\b/g,
    reason: 'how the AI interface is used',
    args: withPeriod(),
  },
  { tool: 'get_analytics_feature_usage', theme: 'usage', words: /\bmost used\b|\bfeature usage\b|\bwhich tools\b/g, reason: 'calls per tool' },
  {
    tool: 'get_analytics_questions',
    theme: 'usage',
    words: /\bquestions (asked|people ask)\b|\bwhat (do|did) (people|users) ask\b/g,
    reason: 'what people asked, by theme',
  },
]

/** Ranked routes for a question: most keyword hits first, one entry per tool, at most `max`. */
export function routeQuestion(question: string, max = 3): Route[] {
  const q = question.toLowerCase()
  const best = new Map<string, Route>()
  for (const rule of RULES) {
    const hits = q.match(rule.words)?.length ?? 0
    if (hits === 0) continue
    const score = hits * (rule.weight ?? 1) + (rule.args && Object.keys(rule.args(q)).length ? 0.5 : 0)
    const prev = best.get(rule.tool)
    if (!prev || prev.score < score) best.set(rule.tool, { tool: rule.tool, theme: rule.theme, reason: rule.reason, arguments: rule.args?.(q) ?? {}, score })
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score)
  if (ranked.length === 0) {
    return [
      { tool: 'get_dashboard_summary', theme: 'other', reason: 'a general overview to start from', arguments: {}, score: 0 },
      { tool: 'get_capabilities', theme: 'other', reason: 'what the service can answer', arguments: {}, score: 0 },
    ]
  }
  return ranked.slice(0, max)
}
