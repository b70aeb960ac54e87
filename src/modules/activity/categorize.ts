import type { Category, MatchField, MatchKind } from './schema'
import type { WorkProfile } from '../users/schema'

/**
 * How an application sample gets its category (docs/config-categories.md). For one person, the
 * first match wins, tier by tier:
 *
 *   1. team rules: rules with a team_id of a team the person belongs to (membership or primary team);
 *   2. tenant rules: rules without a team_id;
 *   3. work-profile defaults: the built-in rows of the person's work profile (BUILT_IN_DEFAULTS);
 *   4. built-in defaults: the built-in rows for every profile;
 *   5. otherwise neutral.
 *
 * A rule with a work_profile applies only to people of that profile (in either rule tier). Within
 * a rule tier an exact rule beats a contains rule; then the lower priority number; then the older
 * rule. Matching is case-insensitive against the application name (match_field application) or
 * the window class / bundle id (window_class): exact compares the whole value, contains looks for
 * the pattern anywhere in it.
 */

/** A rule as the categoriser needs it; rules arrive sorted by priority (lowest first), then oldest first. */
export interface CategoryRuleInput {
  matchField: MatchField
  matchKind?: MatchKind
  pattern: string
  category: Category
  workProfile: WorkProfile | null
  teamId?: string | null
}

/** One built-in row: which profiles it is for ('all': every profile, tried after the profile rows). */
export interface BuiltInDefault {
  pattern: string
  category: Category
  kind: MatchKind
  profiles: 'all' | readonly WorkProfile[]
}

const P = 'productive' as const
const U = 'unproductive' as const
const N = 'neutral' as const

type Row = readonly [pattern: string, category: Category, profiles: 'all' | readonly WorkProfile[], kind?: MatchKind]

const ENG: readonly WorkProfile[] = ['engineering']

/**
 * The built-in defaults, one table for every profile. Patterns are lower-case and matched against
 * both the application name and the window class, as contains unless marked exact. What is work
 * depends on the job: a terminal is productive for an engineer, neutral for a salesperson.
 */
const ROWS: readonly Row[] = [
  // engineering: editors and IDEs
  ['visual studio', P, ENG], // Visual Studio and Visual Studio Code
  ['vs code', P, ENG],
  ['vscode', P, ENG],
  ['vscodium', P, ENG],
  ['code', P, ENG, 'exact'], // VS Code's process and window class on Linux and Windows
  ['code.exe', P, ENG, 'exact'],
  ['code - oss', P, ENG],
  ['com.microsoft.vscode', P, ENG],
  ['cursor', P, ENG, 'exact'],
  ['zed', P, ENG, 'exact'],
  ['jetbrains', P, ENG], // window classes jetbrains-idea, jetbrains-pycharm, …; bundle ids com.jetbrains.*
  ['intellij', P, ENG],
  ['pycharm', P, ENG],
  ['webstorm', P, ENG],
  ['phpstorm', P, ENG],
  ['goland', P, ENG],
  ['rubymine', P, ENG],
  ['clion', P, ENG],
  ['rider', P, ENG, 'exact'],
  ['rustrover', P, ENG],
  ['datagrip', P, ENG],
  ['android studio', P, ENG],
  ['xcode', P, ENG],
  ['eclipse', P, ENG],
  ['neovim', P, ENG],
  ['nvim', P, ENG, 'exact'],
  ['vim', P, ENG, 'exact'],
  ['gvim', P, ENG],
  ['emacs', P, ENG],
  ['sublime text', P, ENG],
  // engineering: terminals
  ['terminal', P, ENG], // Terminal, Windows Terminal, GNOME Terminal, com.apple.terminal
  ['iterm', P, ENG],
  ['powershell', P, ENG],
  ['cmd.exe', P, ENG, 'exact'],
  ['alacritty', P, ENG],
  ['kitty', P, ENG, 'exact'],
  ['wezterm', P, ENG],
  ['warp', P, ENG, 'exact'],
  ['konsole', P, ENG],
  ['ghostty', P, ENG],
  ['tmux', P, ENG],
  // engineering: git clients and developer tools
  ['github', P, ENG], // GitHub Desktop and github.com
  ['gitlab', P, ENG],
  ['bitbucket', P, ENG],
  ['sourcetree', P, ENG],
  ['gitkraken', P, ENG],
  ['sublime merge', P, ENG],
  ['fork', P, ENG, 'exact'],
  ['tower', P, ENG, 'exact'],
  ['git gui', P, ENG],
  ['gitk', P, ENG, 'exact'],
  ['lazygit', P, ENG],
  ['tortoisegit', P, ENG],
  ['docker', P, ENG],
  ['postman', P, ENG],
  ['insomnia', P, ENG],
  ['dbeaver', P, ENG],
  ['tableplus', P, ENG],
  ['jira', P, ['engineering', 'management']],
  // support
  ['zendesk', P, ['support']],
  ['intercom', P, ['support']],
  ['freshdesk', P, ['support']],
  ['help scout', P, ['support']],
  ['servicenow', P, ['support']],
  ['frontapp', P, ['support']],
  ['front', P, ['support'], 'exact'],
  ['gorgias', P, ['support']],
  ['zoho desk', P, ['support']],
  ['jira service', P, ['support']],
  // sales
  ['salesforce', P, ['sales']],
  ['hubspot', P, ['sales']],
  ['pipedrive', P, ['sales']],
  ['outreach', P, ['sales']],
  ['salesloft', P, ['sales']],
  ['gong', P, ['sales']],
  ['sales navigator', P, ['sales']],
  ['linkedin', P, ['sales']],
  // design
  ['figma', P, ['design']],
  ['photoshop', P, ['design']],
  ['illustrator', P, ['design']],
  ['indesign', P, ['design']],
  ['after effects', P, ['design']],
  ['premiere', P, ['design']],
  ['lightroom', P, ['design']],
  ['sketch', P, ['design']],
  ['blender', P, ['design']],
  ['affinity', P, ['design']],
  ['canva', P, ['design']],
  ['framer', P, ['design']],
  // operations
  ['excel', P, ['operations', 'management']],
  ['google sheets', P, ['operations']],
  ['sap gui', P, ['operations']],
  ['sap logon', P, ['operations']],
  ['netsuite', P, ['operations']],
  ['quickbooks', P, ['operations']],
  ['airtable', P, ['operations']],
  ['power bi', P, ['operations', 'management']],
  ['tableau', P, ['operations']],
  ['odoo', P, ['operations']],
  // management
  ['powerpoint', P, ['management']],
  ['keynote', P, ['management']],
  ['google docs', P, ['management']],
  ['google slides', P, ['management']],
  ['asana', P, ['management']],
  ['notion', P, ['management']],
  ['linear', P, ['management']],
  ['confluence', P, ['management']],
  ['trello', P, ['management']],
  ['smartsheet', P, ['management']],
  // everyone: communication is neutral, entertainment unproductive
  ['slack', N, 'all'],
  ['microsoft teams', N, 'all'],
  ['zoom', N, 'all'],
  ['outlook', N, 'all'],
  ['gmail', N, 'all'],
  ['mail', N, 'all'],
  ['calendar', N, 'all'],
  ['google meet', N, 'all'],
  ['youtube', U, 'all'],
  ['netflix', U, 'all'],
  ['reddit', U, 'all'],
  ['steam', U, 'all'],
  ['twitch', U, 'all'],
  ['tiktok', U, 'all'],
  ['instagram', U, 'all'],
  ['facebook', U, 'all'],
  ['disney+', U, 'all'],
  ['prime video', U, 'all'],
  ['epic games', U, 'all'],
]

export const BUILT_IN_DEFAULTS: readonly BuiltInDefault[] = ROWS.map(([pattern, category, profiles, kind]) => ({
  pattern,
  category,
  profiles,
  kind: kind ?? 'contains',
}))

export type Categorize = (application: string, windowClass: string | null | undefined) => Category

interface Matcher {
  fields: 'application' | 'window_class' | 'both'
  exact: boolean
  pattern: string
  category: Category
}

const matches = (m: Matcher, app: string, cls: string): boolean => {
  const test = (v: string) => v !== '' && (m.exact ? v === m.pattern : v.includes(m.pattern))
  return m.fields === 'application' ? test(app) : m.fields === 'window_class' ? test(cls) : test(app) || test(cls)
}

const ruleMatcher = (r: CategoryRuleInput): Matcher => ({
  fields: r.matchField,
  exact: r.matchKind === 'exact',
  pattern: r.pattern.trim().toLowerCase(),
  category: r.category,
})

/** A tier's rules in the order they are tried: exact ones first, each group in the given order. */
const tierOrder = (rules: CategoryRuleInput[]): Matcher[] => [
  ...rules.filter((r) => r.matchKind === 'exact').map(ruleMatcher),
  ...rules.filter((r) => r.matchKind !== 'exact').map(ruleMatcher),
]

const defaultMatcher = (d: BuiltInDefault): Matcher => ({ fields: 'both', exact: d.kind === 'exact', pattern: d.pattern, category: d.category })

/** The built-in matchers of a work profile (its own defaults, then everyone's), built once per profile: every batch asks. */
const defaultsByProfile = new Map<WorkProfile, readonly Matcher[]>()
function defaultMatchers(profile: WorkProfile): readonly Matcher[] {
  let out = defaultsByProfile.get(profile)
  if (!out) {
    out = [
      ...BUILT_IN_DEFAULTS.filter((d) => d.profiles !== 'all' && d.profiles.includes(profile)).map(defaultMatcher),
      ...BUILT_IN_DEFAULTS.filter((d) => d.profiles === 'all').map(defaultMatcher),
    ]
    defaultsByProfile.set(profile, out)
  }
  return out
}

/**
 * Builds the classifier of one person (see the tiers above) from the tenant's rules, the person's
 * work profile and the teams they belong to. Results are memoised: a batch repeats the same few
 * applications many times.
 */
export function categorizer(rules: readonly CategoryRuleInput[], profile: WorkProfile, teamIds: readonly string[] = []): Categorize {
  const applies = rules.filter((r) => r.workProfile === null || r.workProfile === profile)
  const matchers = [
    ...tierOrder(applies.filter((r) => r.teamId != null && teamIds.includes(r.teamId))),
    ...tierOrder(applies.filter((r) => r.teamId == null)),
    ...defaultMatchers(profile),
  ]
  const memo = new Map<string, Category>()
  return (application, windowClass) => {
    const key = `${application}\u0000${windowClass ?? ''}`
    let category = memo.get(key)
    if (category) return category
    const app = application.trim().toLowerCase()
    const cls = (windowClass ?? '').trim().toLowerCase()
    category = matchers.find((m) => matches(m, app, cls))?.category ?? 'neutral'
    memo.set(key, category)
    return category
  }
}
