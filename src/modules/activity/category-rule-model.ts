import { t } from 'elysia'
import type { TenantScope } from '../../kernel/ctx'
import { DomainError } from '../../kernel/errors'
import { Id, Instant, Int, Literals, Nullable } from '../../kernel/schemas'
import { toIso, toIsoOrNull } from '../../kernel/time'
import { teamExistsInTenant, teamNames } from '../teams/queries'
import { WORK_PROFILES } from '../users/schema'
import type { CategoryRuleRow, NewCategoryRule } from './category-rule-queries'
import { CATEGORIES, MATCH_FIELDS, MATCH_KINDS } from './schema'

/** The shapes of the category rule operations and the checks their input gets beyond its schema. */

export const MAX_PATTERN_LENGTH = 200

export const CategoryEnum = Literals(CATEGORIES, { description: 'productive, neutral or unproductive' })

const ruleFields = {
  pattern: t.String({
    minLength: 1,
    maxLength: MAX_PATTERN_LENGTH,
    description: 'Application name or window class to match, case-insensitive (e.g. Slack, com.tinyspeck.slackmacgap)',
  }),
  category: CategoryEnum,
  match_field: Literals(MATCH_FIELDS, { description: 'What the pattern is matched against: application (default) or window_class' }),
  match_kind: Literals(MATCH_KINDS, { description: 'contains (default): the pattern is part of the value; exact: the whole value' }),
  team_id: Nullable(Id, { description: 'Team the rule is for (a team rule wins over tenant rules for its members); null or absent for the whole tenant' }),
  work_profile: Nullable(Literals(WORK_PROFILES), { description: 'Only for people of this work profile; null or absent for everyone' }),
  priority: Int({ minimum: 0, maximum: 10_000, description: 'Lower numbers are tried first within a tier (default 100)' }),
}

/** A rule to create: pattern and category required, the rest defaulted. */
export const RuleDraft = t.Object({
  pattern: ruleFields.pattern,
  category: ruleFields.category,
  match_field: t.Optional(ruleFields.match_field),
  match_kind: t.Optional(ruleFields.match_kind),
  team_id: t.Optional(ruleFields.team_id),
  work_profile: t.Optional(ruleFields.work_profile),
  priority: t.Optional(ruleFields.priority),
})

/** Changes to a rule: any field but its id. */
export const RuleChanges = t.Object({
  pattern: t.Optional(ruleFields.pattern),
  category: t.Optional(ruleFields.category),
  match_field: t.Optional(ruleFields.match_field),
  match_kind: t.Optional(ruleFields.match_kind),
  team_id: t.Optional(ruleFields.team_id),
  work_profile: t.Optional(ruleFields.work_profile),
  priority: t.Optional(ruleFields.priority),
})

export const RuleId = t.String({ format: 'uuid', description: 'UUID of the category rule' })

export const CategoryRuleOut = t.Object(
  {
    rule_id: Id,
    scope: t.Union([t.Literal('tenant'), t.Literal('team')], { description: 'team: for the members of team_id; tenant: for everyone' }),
    team_id: Nullable(Id),
    team_name: Nullable(t.String()),
    match_field: ruleFields.match_field,
    match_kind: ruleFields.match_kind,
    pattern: t.String(),
    category: CategoryEnum,
    work_profile: Nullable(Literals(WORK_PROFILES)),
    priority: Int(),
    created_at: Instant,
    updated_at: Nullable(Instant),
  },
  { description: 'A category rule' },
)

export const RecomputeOut = t.Object(
  {
    from: t.String({ description: 'First tenant-local date recomputed (31 days back, within retention)' }),
    to: t.String({ description: 'Last tenant-local date recomputed (today)' }),
    samples_recategorized: Int({ minimum: 0, description: 'Activity samples whose category changed' }),
    days_resummarized: Int({ minimum: 0, description: 'Stored daily summaries rewritten (person-days of those dates included)' }),
  },
  { description: 'What the change recomputed, in the same transaction' },
)

export type RuleDraftInput = {
  pattern: string
  category: (typeof CATEGORIES)[number]
  match_field?: (typeof MATCH_FIELDS)[number] | undefined
  match_kind?: (typeof MATCH_KINDS)[number] | undefined
  team_id?: string | null | undefined
  work_profile?: (typeof WORK_PROFILES)[number] | null | undefined
  priority?: number | undefined
}

export type RuleChangesInput = Partial<RuleDraftInput>

const refuse = (field: string, message: string): never => {
  throw new DomainError('invalid_argument', `${field} ${message}`, { errors: [{ field, message }] })
}

/** The pattern as stored: trimmed; blank is refused. */
function checkedPattern(pattern: string, field: string): string {
  const p = pattern.trim()
  if (p === '') refuse(field, 'must not be blank')
  return p
}

function checkedTeam(c: TenantScope, teamId: string | null | undefined, field: string): string | null {
  if (teamId == null) return null
  if (!teamExistsInTenant(c, teamId)) refuse(field, `names no team of this tenant (${teamId})`)
  return teamId
}

/** A new rule's row from its draft, checked; `prefix` names the fields of a draft inside a list (add.0.). */
export function newRuleRow(c: TenantScope, draft: RuleDraftInput, id: string, prefix = ''): NewCategoryRule {
  return {
    id,
    pattern: checkedPattern(draft.pattern, `${prefix}pattern`),
    category: draft.category,
    matchField: draft.match_field ?? 'application',
    matchKind: draft.match_kind ?? 'contains',
    teamId: checkedTeam(c, draft.team_id, `${prefix}team_id`),
    workProfile: draft.work_profile ?? null,
    priority: draft.priority ?? 100,
  }
}

/** The columns a change sets, checked. */
export function changedColumns(c: TenantScope, changes: RuleChangesInput, prefix = ''): Partial<NewCategoryRule> {
  const out: Partial<NewCategoryRule> = {}
  if (changes.pattern !== undefined) out.pattern = checkedPattern(changes.pattern, `${prefix}pattern`)
  if (changes.category !== undefined) out.category = changes.category
  if (changes.match_field !== undefined) out.matchField = changes.match_field
  if (changes.match_kind !== undefined) out.matchKind = changes.match_kind
  if (changes.team_id !== undefined) out.teamId = checkedTeam(c, changes.team_id, `${prefix}team_id`)
  if (changes.work_profile !== undefined) out.workProfile = changes.work_profile
  if (changes.priority !== undefined) out.priority = changes.priority
  return out
}

/**
 * Two rules with the same pattern (any match kind) for the same field, team and work profile are
 * refused: one of them would hide the other for that name. Edit the existing rule instead.
 */
export function refuseDuplicate(
  rules: readonly Pick<CategoryRuleRow, 'id' | 'teamId' | 'matchField' | 'matchKind' | 'pattern' | 'workProfile'>[],
  row: Pick<CategoryRuleRow, 'id' | 'teamId' | 'matchField' | 'matchKind' | 'pattern' | 'workProfile'>,
  field: string,
): void {
  const same = rules.find(
    (r) =>
      r.id !== row.id &&
      (r.teamId ?? null) === (row.teamId ?? null) &&
      r.matchField === row.matchField &&
      (r.workProfile ?? null) === (row.workProfile ?? null) &&
      r.pattern.trim().toLowerCase() === row.pattern.trim().toLowerCase(),
  )
  if (same) refuse(field, `duplicates rule ${same.id} (${same.matchKind} "${same.pattern}", same field, team and work profile); edit that rule instead`)
}

export function toRuleOut(row: CategoryRuleRow, names: Map<string, string>) {
  return {
    rule_id: row.id,
    scope: row.teamId ? ('team' as const) : ('tenant' as const),
    team_id: row.teamId,
    team_name: row.teamId ? (names.get(row.teamId) ?? null) : null,
    match_field: row.matchField,
    match_kind: row.matchKind,
    pattern: row.pattern,
    category: row.category,
    work_profile: row.workProfile,
    priority: row.priority,
    created_at: toIso(row.createdAt),
    updated_at: toIsoOrNull(row.updatedAt),
  }
}

/** One rule as the API shows it (with its team's name). */
export function ruleOut(c: TenantScope, row: CategoryRuleRow) {
  return toRuleOut(row, teamNames(c, row.teamId ? [row.teamId] : []))
}
