/**
 * What ask_workforce knows: one entry per intent, naming the tool that answers it, the words that
 * say so and the arguments to take from the question. Adding a tool is one entry here; argument
 * extractors are shared (a period, a date, a person, a team…) and read what the router found.
 */
import type { Period } from '../../kernel/time'
import { asDate, asDateRange, asPeriod, asSince, type When } from './date-phrases'
import type { NameMatch, NamedPerson, NamedTeam } from './name-match'

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
  'projects',
  'other',
] as const
export type Theme = (typeof THEMES)[number]

export type ArgValue = string | number | boolean

/** An argument the question names but does not settle: the client asks the user to pick one. */
export interface Choice {
  argument: string
  phrase: string
  options: { value: string; label: string }[]
}

/** What the router read from the question, handed to every extractor. */
export interface Facts {
  /** The question in lower case, and as written. */
  q: string
  text: string
  today: string
  tz: string
  when: When | null
  people: NameMatch<NamedPerson>[]
  teams: NameMatch<NamedTeam>[]
  /** The question is about the caller ("my", "me", "I"). */
  self: boolean
  /** The caller's user id, when the key is bound to a person. */
  selfId: string | null
  email: string | null
}

export interface Extracted {
  args?: Record<string, ArgValue>
  choices?: Choice[]
  notes?: string[]
}
export type Extractor = (f: Facts) => Extracted

export interface Intent {
  tool: string
  theme: Theme
  reason: string
  /** Words that say the question is this intent (global regex over the lower-cased question). */
  words: RegExp
  /** A hit weighs this much (default 1): specific phrasings outweigh generic words. */
  weight?: number
  /** The intent applies only when this holds (e.g. a team is named). */
  needs?: (f: Facts) => boolean
  /** Phrasings that rule the intent out ("did I clock out?" is not a request to clock out). */
  unless?: RegExp
  args?: Extractor[]
}

// ---- argument extractors ----

const ALL_PERIODS: Period[] = ['today', 'this_week', 'last_week', 'this_month', 'last_month']

/** The tool's `period` enum from the time the question names. */
export const periodArg =
  (allowed: readonly Period[] = ALL_PERIODS): Extractor =>
  (f) => {
    if (!f.when) return {}
    const r = asPeriod(f.when, f.today, allowed)
    return { ...(r.period ? { args: { period: r.period } } : {}), ...(r.note ? { notes: [r.note] } : {}) }
  }

/** One date (YYYY-MM-DD) from a day, or the last day of a range. */
export const dateArg =
  (key = 'date'): Extractor =>
  (f) => {
    if (!f.when) return {}
    const r = asDate(f.when, f.today)
    return { args: { [key]: r.date }, ...(r.note ? { notes: [r.note] } : {}) }
  }

/** A from/to date range. */
export const dateRangeArg =
  (fromKey = 'from', toKey = 'to'): Extractor =>
  (f) => {
    if (!f.when) return {}
    const r = asDateRange(f.when, f.today)
    return { args: { [fromKey]: r.from, [toKey]: r.to } }
  }

/** An ISO instant at the start of the first day the question names. */
export const sinceArg =
  (key = 'since'): Extractor =>
  (f) =>
    f.when && f.when.from < f.today ? { args: { [key]: asSince(f.when, f.tz) } } : {}

const choice = <T extends { id: string; name: string }>(argument: string, m: NameMatch<T>): Choice => ({
  argument,
  phrase: m.phrase,
  options: m.candidates.map((c) => ({ value: c.id, label: c.name })),
})

/** The person the question names as `key`; "me" for the caller when `selfValue` is given. */
export const personArg =
  (key: string, selfValue?: string): Extractor =>
  (f) => {
    const m = f.people[0]
    if (m && m.candidates.length === 1) return { args: { [key]: m.candidates[0]!.id } }
    if (m) return { choices: [choice(key, m)], notes: [`"${m.phrase}" names ${m.candidates.length} people: pick one for ${key}.`] }
    return f.self && selfValue ? { args: { [key]: selfValue } } : {}
  }

/** The team the question names; with `viaPerson`, the primary team of the person it names. */
export const teamArg =
  (key = 'team_id', viaPerson = false): Extractor =>
  (f) => {
    const m = f.teams[0]
    if (m && m.candidates.length === 1) return { args: { [key]: m.candidates[0]!.id } }
    if (m) return { choices: [choice(key, m)] }
    const p = f.people[0]
    if (viaPerson && p) {
      const ids = [...new Set(p.candidates.map((c) => c.teamId).filter((id): id is string => id !== null))]
      if (ids.length === 1)
        return { args: { [key]: ids[0]! }, notes: [`${key} is the team of ${p.candidates.map((c) => c.name).join(' or ')}; look for them in the result.`] }
    }
    return {}
  }

/** An email address written in the question. */
export const emailArg =
  (key = 'email'): Extractor =>
  (f) =>
    f.email ? { args: { [key]: f.email } } : {}

export const fixedArgs =
  (args: Record<string, ArgValue>): Extractor =>
  () => ({ args })

/** `period` when the words name one the tool takes, else the dates as `from`/`to` (tools that take either). */
export const periodOrDatesArg =
  (allowed: readonly Period[] = ALL_PERIODS): Extractor =>
  (f): Extracted => {
    if (!f.when) return {}
    if (f.when.period && allowed.includes(f.when.period)) return { args: { period: f.when.period } }
    const r = asDateRange(f.when, f.today)
    return { args: { from: r.from, to: r.to } }
  }

/** A number of weeks: "over the last 6 weeks", "past two months" (as weeks), clamped to [1, max]. */
export const weeksArg =
  (key = 'weeks', max = 26): Extractor =>
  (f) => {
    if (!f.when || f.when.period || f.when.from === f.when.to) return {}
    const days = Math.round((Date.parse(`${f.when.to}T00:00:00Z`) - Date.parse(`${f.when.from}T00:00:00Z`)) / 86_400_000) + 1
    return { args: { [key]: Math.min(max, Math.max(1, Math.round(days / 7))) } }
  }

/** The caller's own id as `key` when the question is about them ("my tasks"), else the person named. */
export const ownerArg =
  (key: string): Extractor =>
  (f) =>
    f.people.length > 0 ? personArg(key)(f) : f.self && f.selfId ? { args: { [key]: f.selfId } } : {}

/** A project named in quotes or as "the X project" / "project X". */
export const projectNameArg =
  (key = 'project_name'): Extractor =>
  (f) => {
    const m =
      /["“']([^"”']{2,80})["”']/.exec(f.text) ??
      /\b(?:the|for|on|of)\s+([A-Z][\w.&-]*(?:\s+[A-Z0-9][\w.&-]*){0,4})\s+project\b/.exec(f.text) ??
      /\bproject\s+([A-Z][\w.&-]*(?:\s+[A-Z0-9][\w.&-]*){0,4})/.exec(f.text)
    return m ? { args: { [key]: m[1]!.trim() } } : {}
  }

/** A pay period as list_missing_timesheets takes it: current, previous, or a date inside it. */
export const payPeriodArg =
  (): Extractor =>
  (f): Extracted => {
    if (!f.when) return {}
    if (f.when.period === 'this_week' || f.when.period === 'this_month' || f.when.period === 'today') return { args: { period: 'current' } }
    if (f.when.period === 'last_week' || f.when.period === 'last_month') return { args: { period: 'previous' } }
    return { args: { date: asDateRange(f.when, f.today).to } }
  }

const teamNamed = (f: Facts) => f.teams.length > 0
const personNamed = (f: Facts) => f.people.length > 0
const aboutSelfOrPerson = (f: Facts) => f.self || f.people.length > 0

// ---- the table ----

const PRODUCTIVITY = /\bproductiv\w*\b|\bfocus\w*\b|\bidle\b|\bdistract\w*\b|\bapps?\b|\bapplications?\b|\befficien\w*\b/g
const mentionsProductivity = (f: Facts) => new RegExp(PRODUCTIVITY.source).test(f.q)
const QUESTION_ABOUT_PAST = /\b(did|didn['’]?t|have|has|hasn['’]?t|haven['’]?t|was|were|when|forgot|forget|am i|is)\b/

export const INTENTS: Intent[] = [
  // "Who hasn't clocked in today?" is about people missing against their schedule, not a directory.
  {
    tool: 'get_workload_alerts',
    theme: 'workload',
    words:
      /\b(has ?n['’]?t|have ?n['’]?t|not( yet)?|did ?n['’]?t|never|forgot to) (clocked|clock|checked|check|logged|log|shown|show(ed)?|turned|turn) (in|up)\b|\bmissing\b|\bno.?shows?\b|\bshow(ed)? up\b|\bturn(ed)? up\b|\babsent\b|\babsen(ce|ces)\b|\blate\b|\b(if|whether|did) (everyone|everybody|all)\b[^?.]*\b(clocked|checked|logged) in\b/g,
    reason: 'who is missing against their schedule, with other workload alerts',
    weight: 2,
    args: [dateArg()],
  },
  {
    tool: 'get_workload_alerts',
    theme: 'workload',
    words:
      /\bovertime\b|\bburn ?out\b|\bworkload\b|\boverwork\w*\b|\btoo (many|much) (hours|work)\b|\blong (days|hours|shifts)\b|\bover (their |the |his |her )?(contract\w*|hours)\b|\balerts?\b|\bwarnings?\b|\brisks?\b|\bexhaust\w*\b|\bred flags?\b|\bconcerns?\b|\bworr(y|ied|ying)\b/g,
    reason: 'overtime (weeks over contract), unusual hours, missed clock-ins and timesheet gaps for one date',
    weight: 1.5,
    args: [dateArg()],
  },
  // Attendance on a past day: is_clocked_in only tells about now; the alerts of that date tell who was missing.
  {
    tool: 'get_workload_alerts',
    theme: 'attendance',
    words: /\battendance\b|\b(clocked|checked) in\b|\bwho (was|were) (in|at work|working|on shift)\b|\bon shift\b/g,
    needs: (f) => f.when !== null && f.when.from < f.today,
    reason: 'who was not clocked in for a scheduled shift on that date, with other workload alerts',
    weight: 1.5,
    args: [dateArg()],
  },
  {
    tool: 'clock_in',
    theme: 'attendance',
    words: /\bclock (me )?in\b|\bstart (my )?(shift|work|day)\b|\bpunch (me )?in\b|\bcheck (me )?in\b/g,
    unless: QUESTION_ABOUT_PAST,
    reason: 'starts a work session (confirm with the user first)',
    weight: 2,
  },
  {
    tool: 'clock_out',
    theme: 'attendance',
    words: /\bclock (me )?out\b|\bend (my )?(shift|work|day)\b|\bpunch (me )?out\b|\bcheck (me )?out\b|\bdone for (the|to)day\b/g,
    unless: QUESTION_ABOUT_PAST,
    reason: 'ends the open work session (confirm with the user first)',
    weight: 2,
  },
  {
    tool: 'get_employee_details',
    theme: 'attendance',
    words: /\b(is|was|are|am)\b[^?.]*\b(in|clocked in|working|here|at work|on shift|online|around)\b|\bclocked in\b/g,
    needs: (f) => personNamed(f) || /\bam i\b/.test(f.q),
    reason: "the person's profile: is_clocked_in, today's hours and recent sessions",
    weight: 2,
    args: [personArg('employee_id', 'me')],
  },
  {
    tool: 'list_employees',
    theme: 'attendance',
    words:
      /\bwho(['’]s| is| are)? (in\b(?!( the)? [\w&]+( [\w&]+)? (team|department|group))|clocked|working|online|present|on shift|at work|here|around|on the clock)\b|\bclocked in\b|\bon the clock\b|\bon shift\b|\battendance\b|\bpresent\b|\bin the office\b/g,
    unless: /\bam i\b/,
    // is_clocked_in is about now: attendance on another day is in the workload alerts of that date.
    needs: (f) => !f.when || f.when.period === 'today',
    reason: 'everyone you can see with is_clocked_in',
    weight: 1.5,
    args: [teamArg(), fixedArgs({ page_size: 100 })],
  },
  {
    tool: 'get_dashboard_summary',
    theme: 'overview',
    words:
      /\bdashboard\b|\boverview\b|\bsummary\b|\bkpis?\b|\bhow (is|are) (my |the |our )?(team|company|we|things|business|everyone)\b|\bheadcount\b|\bat a glance\b|\bbig picture\b|\bkey (numbers|figures)\b/g,
    reason: "today's key figures for your scope",
  },
  // A team's productivity: the 24 tools score one person at a time, or the caller's scope on the dashboard.
  {
    tool: 'list_employees',
    theme: 'productivity',
    words: PRODUCTIVITY,
    needs: (f) => teamNamed(f) && !personNamed(f),
    reason: "the team's members: then call get_productivity_overview with each user_id",
    weight: 1.5,
    args: [teamArg(), fixedArgs({ page_size: 100 })],
  },
  {
    tool: 'get_dashboard_summary',
    theme: 'productivity',
    words: /\b(team|teams|company|everyone|organi[sz]ation|overall|department|whole)\b/g,
    needs: (f) => mentionsProductivity(f) && !teamNamed(f) && !personNamed(f),
    reason: 'team_productivity_score of your scope over the last 7 days',
    weight: 1.5,
  },
  {
    tool: 'list_my_timesheet',
    theme: 'timesheets',
    words:
      /\bmy (time ?sheets?|hours|time|sessions|shifts|entries|clock-?ins)\b|\b(have|did|had) i (worked|work|logged|log|clock\w*|put in)\b|\bi (worked|logged|clocked)\b|\bhow (much|many hours|long) (did|have) i\b/g,
    needs: (f) => !personNamed(f),
    reason: "the caller's own sessions, total hours and timesheets",
    weight: 2,
    args: [dateRangeArg()],
  },
  // Hours of the caller by name ("How many hours did Jonas work?" from Jonas, or a client that put the name in).
  {
    tool: 'list_my_timesheet',
    theme: 'timesheets',
    words: /\bhours\b|\bworked\b|\blogged\b|\btotal time\b/g,
    unless: /\bapprov|\breview|\bsign(ed)? off\b|\bpending\b/,
    needs: (f) => f.self && !personNamed(f) && !teamNamed(f) && !/\b(my|our) (team|people|staff|reports)\b|\bteam\b/.test(f.q),
    reason: "the caller's own sessions, total hours and timesheets",
    weight: 1.5,
    args: [dateRangeArg()],
  },
  {
    tool: 'list_pending_approvals',
    theme: 'approvals',
    words: /\bapprov\w*\b|\bpending\b|\bsubmitted\b|\bawaiting\b|\bwaiting\b|\bsign(ed)? off\b|\bto review\b|\bunapproved\b/g,
    reason: 'timesheets awaiting approval',
    args: [teamArg()],
  },
  {
    tool: 'summarize_team_hours',
    theme: 'hours',
    words:
      /\bteam hours\b|\bhours\b|\bworked\b|\btime spent\b|\btotal time\b|\btime (worked|logged|tracked)\b|\butili[sz]ation\b|\bput in\b|\blogged\b|\bhow (much|long) did\b/g,
    reason: 'hours per member and per day over a period',
    args: [teamArg('team_id', true), periodArg()],
  },
  {
    tool: 'get_productivity_overview',
    theme: 'productivity',
    words: PRODUCTIVITY,
    reason: 'category-based productivity score of one person',
    args: [personArg('user_id'), periodArg(['today', 'this_week', 'last_week', 'this_month'])],
  },
  {
    tool: 'list_employees',
    theme: 'people',
    words:
      /\bemployees?\b|\bstaff\b|\bteam members?\b|\bwho works\b|\bdirectory\b|\bpeople\b|\bcolleagues?\b|\beveryone (in|on)\b|\bmembers of\b|\bwho(['’]s| is| are) (on|in) (the )?\w+( \w+)? team\b|\bhow many people\b/g,
    reason: 'the people you can see, with search and team filters',
    args: [teamArg()],
  },
  {
    tool: 'get_employee_details',
    theme: 'people',
    words:
      /\bprofile\b|\bdetails?\b|\babout\b|\bmy status\b|\bam i (clocked|working|in)\b|\be-?mail( address)?\b|\bjob title\b|\b(what|which) team\b|\brole\b|\bcontract\w*\b|\bwho is\b|\bwhere is\b/g,
    needs: aboutSelfOrPerson,
    reason: 'one profile with recent activity',
    args: [personArg('employee_id', 'me')],
  },
  {
    tool: 'invite_staff',
    theme: 'people',
    words: /\binvite\w*\b|\bonboard (a |new )?\w+|\badd (a |new )?(user|employee|person|colleague|team member|hire)\b|\bhire\b|\bnew (hire|starter|joiner)\b/g,
    reason: 'invites a person by email (confirm with the user first)',
    weight: 2,
    args: [emailArg()],
  },
  {
    tool: 'list_recent_activity',
    theme: 'activity',
    words: /\brecent\w*\b|\bactivity\b|\bwhat happened\b|\blatest\b|\bchanges?\b|\bgoing on\b|\bevents?\b|\bclock-?ins\b|\bclock-?outs\b/g,
    reason: 'clock and timesheet events as daily aggregates',
    args: [sinceArg()],
  },
  {
    tool: 'get_pricing_and_plans',
    theme: 'pricing',
    words: /\bpric\w*\b|\bplans?\b|\bcosts?\b|\bupgrade\b|\bbilling\b|\bsubscription\b|\bper (month|seat|user)\b|\bexpensive\b|\bcheap\w*\b/g,
    reason: 'plans, prices and retention',
  },
  {
    tool: 'start_free_trial',
    theme: 'pricing',
    words: /\btrial\b|\bsign ?up\b|\bfree\b|\bregister\b|\bcreate an account\b/g,
    reason: 'how to start a trial',
  },
  {
    tool: 'get_capabilities',
    theme: 'product',
    words:
      /\bwhat can (you|it|this|the)\b|\bcapabilit\w*\b|\bfeatures?\b|\bintegrat\w*\b|\b(do|does) (you|it) support\b|\bsupported\b|\bwhat tools\b|\bable to\b|\bworks? with\b|\bcompatible\b|\bwhat (does|do) (this|it|you) do\b/g,
    reason: 'everything the service can do, by role',
  },
  {
    tool: 'get_data_dictionary',
    theme: 'data',
    words:
      /\bdata\b|\bfields?\b|\bdictionary\b|\bschema\b|\bretention\b|\bretain\w*\b|\bprivacy\b|\bgdpr\b|\bstored?\b|\bkeep\b|\bentit(y|ies)\b|\bwhat do you (track|collect|record)\b/g,
    reason: 'entities, fields and retention',
  },
  {
    tool: 'get_demo_scenarios',
    theme: 'demo',
    words: /\bdemo\b|\bscenarios?\b|\bsample (questions|data)\b|\bexamples?\b|\bwalk ?through\b|\bshowcase\b/g,
    reason: 'guided demo scenarios',
  },
  {
    tool: 'switch_to_demo',
    theme: 'demo',
    words: /\bswitch (me )?(to|into) (the )?demo\b|\bdemo mode\b|\buse (the )?demo (data|company|tenant)\b/g,
    reason: 'this session reads the demo company',
    weight: 2,
  },
  {
    tool: 'switch_to_production',
    theme: 'demo',
    words: /\bswitch (me )?(back )?(to )?(production|live|real)\b|\bproduction mode\b|\bmy real (data|company)\b|\bback to (my|our) (company|data)\b/g,
    reason: 'this session reads your own company again',
    weight: 2,
  },
  {
    tool: 'get_started_guide',
    theme: 'product',
    words: /\bget(ting)? started\b|\bhow do i (start|begin|connect|set ?up)\b|\bset ?up\b|\bconnect\w*\b|\bfirst steps\b|\bconfig\w*\b|\bapi key\b/g,
    reason: 'how to connect and what to ask first',
  },
  {
    tool: 'get_analytics_overview',
    theme: 'usage',
    words: /\busage\b|\badoption\b|\bactive users\b|\bai queries\b|\bhow (many|much) (people|users|employees) (use|used|are using)\b|\bsessions\b/g,
    reason: 'how the AI interface is used',
    weight: 2,
    args: [periodArg()],
  },
  {
    tool: 'get_analytics_feature_usage',
    theme: 'usage',
    words: /\bmost used\b|\bused most\b|\bfeature usage\b|\bwhich tools (are|get|were|do)\b|\btool usage\b|\bpopular\b/g,
    reason: 'calls per tool',
    weight: 2,
    args: [periodArg(['this_week', 'last_week', 'this_month', 'last_month'])],
  },
  {
    tool: 'get_analytics_questions',
    theme: 'usage',
    words:
      /\bquestions (asked|people ask|have people|were asked|people have)\b|\bwhat (do|did|are|have) (people|users|employees|staff) (ask|been ask)\w*\b|\b(asking|asked) the (assistant|ai|bot)\b/g,
    reason: 'what people asked, by theme',
    weight: 2,
    args: [periodArg()],
  },

  // ---- the extended tools (offered only when the operator turns them on; ask_workforce never suggests a tool that is off) ----
  {
    tool: 'get_overtime_report',
    theme: 'workload',
    words: /\bovertime\b|\bover (their |the |his |her )?(contract\w*|hours)\b|\btoo (many|much) (hours|work)\b|\bworked more than\b|\bextra hours\b/g,
    reason: 'who worked overtime over the period, in one call: net hours against contract and shifts',
    weight: 3,
    args: [teamArg(), periodOrDatesArg()],
  },
  {
    tool: 'list_presence_now',
    theme: 'attendance',
    words:
      /\bwho(['’]s| is| are)? (in\b(?!( the)? [\w&]+( [\w&]+)? (team|department|group))|clocked|working|online|on (a )?break|out|on shift|at work|here|around|on the clock)\b|\bon (a |their )?breaks?\b|\bclocked (in|out)\b|\bon shift\b|\bin the office\b/g,
    unless: /\bam i\b/,
    needs: (f) => !f.when || f.when.period === 'today',
    reason: 'who is working, on a break or clocked out right now, with names',
    weight: 2,
    args: [
      teamArg(),
      (f) =>
        /\bbreaks?\b/.test(f.q)
          ? { args: { presence: 'on_break' } }
          : /\bclocked out\b|\bwho(['’]s| is) out\b/.test(f.q)
            ? { args: { presence: 'clocked_out' } }
            : {},
    ],
  },
  {
    tool: 'list_project_budgets',
    theme: 'projects',
    words: /\bbudgets?\b|\bprojects?\b|\bover budget\b|\bat risk\b/g,
    reason: 'projects with budget, hours used and risk',
    weight: 1.5,
    args: [(f) => (/\bat risk\b|\bover budget\b|\brisk\w*\b|\boverrun\b/.test(f.q) ? { args: { at_risk_only: true } } : {})],
  },
  {
    tool: 'get_project_hours_left',
    theme: 'projects',
    words: /\bhours (are )?left\b|\bremaining\b|\bleft (on|in) (the )?budget\b|\bbudget left\b|\bhow much (budget|time) (is )?left\b/g,
    reason: "one project's budget: hours used and left",
    weight: 3,
    args: [projectNameArg()],
  },
  {
    tool: 'list_tasks',
    theme: 'projects',
    words: /\btasks?\b|\bto-?dos?\b|\bassigned\b|\boverdue\b|\bdue\b|\bblocked\b/g,
    reason: 'tasks by status, assignee, project and due date',
    weight: 1.5,
    args: [
      ownerArg('assignee_user_id'),
      (f) => (/\bblocked\b/.test(f.q) ? { args: { status: 'blocked' } } : /\bin progress\b/.test(f.q) ? { args: { status: 'in_progress' } } : {}),
    ],
  },
  {
    tool: 'list_missing_timesheets',
    theme: 'timesheets',
    words:
      /(\bnot|n['’]t|\bnever|\byet to|\bfailed to|\bforgot to) (yet )?(submit\w*|sent|send|hand\w* in|turn\w* in)\b|\bmissing time ?sheets?\b|\btime ?sheets? (are |is )?(missing|outstanding|overdue|late)\b|\boutstanding time ?sheets?\b|\bunsubmitted\b/g,
    reason: 'who has not submitted a timesheet for the pay period',
    weight: 3,
    args: [teamArg(), payPeriodArg()],
  },
  {
    tool: 'get_productivity_trend',
    theme: 'productivity',
    words: /\btrend\w*\b|\bweek (over|by|to) week\b|\bover time\b|\bimprov\w*\b|\bdeclin\w*\b|\bgetting (better|worse)\b|\bover the (last|past) \w+ weeks\b/g,
    needs: mentionsProductivity,
    reason: 'productivity score per week for a person or a team',
    weight: 2,
    args: [personArg('user_id'), teamArg(), weeksArg()],
  },
  {
    tool: 'approve_timesheet',
    theme: 'approvals',
    words: /\bapprove (it|this|that|the|his|her|their|all|\w+['’]s)\b|\bsign off (on )?(the|his|her|\w+['’]s)\b/g,
    unless: /\b(which|what|who|any|pending|waiting|awaiting|need to|still)\b/,
    reason: 'approves one timesheet by timesheet_id (from list_pending_approvals); confirm with the user first',
    weight: 3,
  },
  {
    tool: 'reject_timesheet',
    theme: 'approvals',
    words: /\breject\w*\b|\bsend (it |the timesheet )?back\b|\bdecline (the|his|her|\w+['’]s) time ?sheet\b/g,
    unless: /\b(which|what|who|were|was|rejected)\b/,
    reason: 'rejects one timesheet by timesheet_id with a reason; confirm with the user first',
    weight: 3,
  },
]
