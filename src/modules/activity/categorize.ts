import type { Category } from './schema'
import type { WorkProfile } from '../users/schema'

/** A tenant rule as the categoriser needs it; rules arrive sorted by priority (lowest first). */
export interface CategoryRuleInput {
  matchField: 'application' | 'window_class'
  pattern: string
  category: Category
  workProfile: WorkProfile | null
}

type Default = readonly [pattern: string, category: Category]

/**
 * Built-in defaults, tried after every tenant rule. Patterns are lower-case substrings matched
 * against the application name and the window class (bundle id, executable). What is work
 * depends on the job: a terminal is productive for an engineer, neutral for a salesperson.
 */
const PROFILE_DEFAULTS: Record<WorkProfile, readonly Default[]> = {
  engineering: [
    ['visual studio', 'productive'],
    ['vs code', 'productive'],
    ['vscode', 'productive'],
    ['intellij', 'productive'],
    ['pycharm', 'productive'],
    ['webstorm', 'productive'],
    ['goland', 'productive'],
    ['android studio', 'productive'],
    ['xcode', 'productive'],
    ['neovim', 'productive'],
    ['gvim', 'productive'],
    ['emacs', 'productive'],
    ['sublime text', 'productive'],
    ['terminal', 'productive'],
    ['iterm', 'productive'],
    ['powershell', 'productive'],
    ['github', 'productive'],
    ['gitlab', 'productive'],
    ['docker', 'productive'],
    ['postman', 'productive'],
    ['jira', 'productive'],
  ],
  support: [
    ['zendesk', 'productive'],
    ['intercom', 'productive'],
    ['freshdesk', 'productive'],
    ['help scout', 'productive'],
    ['servicenow', 'productive'],
    ['frontapp', 'productive'],
    ['jira service', 'productive'],
  ],
  sales: [
    ['salesforce', 'productive'],
    ['hubspot', 'productive'],
    ['pipedrive', 'productive'],
    ['outreach', 'productive'],
    ['gong', 'productive'],
    ['sales navigator', 'productive'],
    ['linkedin', 'productive'],
  ],
  design: [
    ['figma', 'productive'],
    ['photoshop', 'productive'],
    ['illustrator', 'productive'],
    ['indesign', 'productive'],
    ['after effects', 'productive'],
    ['sketch', 'productive'],
    ['blender', 'productive'],
    ['affinity', 'productive'],
  ],
  operations: [
    ['excel', 'productive'],
    ['google sheets', 'productive'],
    ['sap gui', 'productive'],
    ['sap logon', 'productive'],
    ['netsuite', 'productive'],
    ['quickbooks', 'productive'],
    ['airtable', 'productive'],
  ],
  management: [
    ['excel', 'productive'],
    ['powerpoint', 'productive'],
    ['keynote', 'productive'],
    ['google docs', 'productive'],
    ['jira', 'productive'],
    ['asana', 'productive'],
    ['notion', 'productive'],
    ['linear', 'productive'],
  ],
}

/** Defaults for everyone: communication is neutral, entertainment unproductive. */
const COMMON_DEFAULTS: readonly Default[] = [
  ['slack', 'neutral'],
  ['microsoft teams', 'neutral'],
  ['zoom', 'neutral'],
  ['outlook', 'neutral'],
  ['gmail', 'neutral'],
  ['mail', 'neutral'],
  ['calendar', 'neutral'],
  ['google meet', 'neutral'],
  ['youtube', 'unproductive'],
  ['netflix', 'unproductive'],
  ['reddit', 'unproductive'],
  ['steam', 'unproductive'],
  ['twitch', 'unproductive'],
  ['tiktok', 'unproductive'],
  ['instagram', 'unproductive'],
  ['facebook', 'unproductive'],
  ['disney+', 'unproductive'],
  ['prime video', 'unproductive'],
  ['epic games', 'unproductive'],
]

export type Categorize = (application: string, windowClass: string | null | undefined) => Category

/**
 * Builds the classifier of one user: the tenant's rules in priority order (those of another work
 * profile skipped), then the built-in defaults of the user's profile, then the common ones, else
 * neutral. Matching is a case-insensitive substring test. Results are memoised: a batch repeats
 * the same few applications many times.
 */
export function categorizer(rules: readonly CategoryRuleInput[], profile: WorkProfile): Categorize {
  const tenantRules = rules
    .filter((r) => r.workProfile === null || r.workProfile === profile)
    .map((r) => ({ field: r.matchField, pattern: r.pattern.toLowerCase(), category: r.category }))
  const defaults = [...PROFILE_DEFAULTS[profile], ...COMMON_DEFAULTS]
  const memo = new Map<string, Category>()
  return (application, windowClass) => {
    const key = `${application}\u0000${windowClass ?? ''}`
    let category = memo.get(key)
    if (category) return category
    const app = application.toLowerCase()
    const cls = (windowClass ?? '').toLowerCase()
    category =
      tenantRules.find((r) => (r.field === 'application' ? app : cls).includes(r.pattern))?.category ??
      defaults.find(([p]) => app.includes(p) || (cls !== '' && cls.includes(p)))?.[1] ??
      'neutral'
    memo.set(key, category)
    return category
  }
}
