import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { DomainError } from '../../kernel/errors'
import { Id, Int, Nullable } from '../../kernel/schemas'
import { addDays, localDate } from '../../kernel/time'
import { teamIdsOf, teamMemberIds } from '../teams/membership'
import { teamExistsInTenant, teamNames } from '../teams/queries'
import { userLabels } from '../users/queries'
import { categoryRuleRows, sampleGroups, type CategoryRuleRow } from './category-rule-queries'
import { CategoryEnum, RuleChanges, RuleDraft, RuleId, changedColumns, newRuleRow, refuseDuplicate } from './category-rule-model'
import { scoreOf, type CategorySeconds } from './productivity'
import { categorizersFor } from './recategorize'
import type { Category } from './schema'

/** Days of samples a preview scores: the last seven tenant-local days before today. */
export const PREVIEW_DAYS = 7
const TOP_APPLICATIONS = 10

const Seconds = (description: string) => Int({ minimum: 0, description })

const Figures = t.Object({
  productive_seconds: Seconds('Seconds in productive applications (idle excluded)'),
  neutral_seconds: Seconds('Seconds in neutral applications (idle excluded)'),
  unproductive_seconds: Seconds('Seconds in unproductive applications (idle excluded)'),
  idle_seconds: Seconds('Seconds the desktop agent saw no input'),
  score: Int({ minimum: 0, maximum: 100, description: 'round(100 x productive / active) over the whole window; 0 without activity' }),
})

const Score = (what: string) => Int({ minimum: 0, maximum: 100, description: `${what} score over the window` })

const refuse = (field: string, message: string): never => {
  throw new DomainError('invalid_argument', `${field} ${message}`, { errors: [{ field, message }] })
}

interface Tally extends CategorySeconds {
  idle: number
}

const emptyTally = (): Tally => ({ productive: 0, neutral: 0, unproductive: 0, idle: 0 })
const figures = (x: Tally) => ({
  productive_seconds: x.productive,
  neutral_seconds: x.neutral,
  unproductive_seconds: x.unproductive,
  idle_seconds: x.idle,
  score: scoreOf(x),
})
const addTo = (into: Tally, from: Tally) => {
  into.productive += from.productive
  into.neutral += from.neutral
  into.unproductive += from.unproductive
  into.idle += from.idle
}

export const previewCategoryRules = defineOperation({
  name: 'preview_category_rules',
  title: 'Preview category rule changes',
  description: `Shows how the last ${PREVIEW_DAYS} days' application samples (of the tenant, or of one team) would score under a draft of rule changes (rules to add, change and remove) against the rules in force: seconds per category, score per person and per team, and the applications that change category. Nothing is saved.`,
  access: { role: 'admin' },
  input: t.Object({
    team_id: t.Optional(t.String({ format: 'uuid', description: "Only this team's people (default: the whole tenant)" })),
    add: t.Optional(t.Array(RuleDraft, { maxItems: 100, description: 'Rules to add, as for categories add' })),
    change: t.Optional(
      t.Array(t.Composite([t.Object({ rule_id: RuleId }), RuleChanges]), { maxItems: 100, description: 'Rules to change: rule_id and the fields to change' }),
    ),
    remove: t.Optional(t.Array(RuleId, { maxItems: 100, description: 'Ids of rules to remove' })),
  }),
  output: t.Object({
    from: t.String({ description: 'First tenant-local date scored' }),
    to: t.String({ description: 'Last tenant-local date scored (yesterday)' }),
    team_id: Nullable(Id),
    saved: t.Literal(false, { description: 'A preview never saves anything' }),
    current: Figures,
    draft: Figures,
    people: t.Array(
      t.Object({
        user_id: Id,
        name: t.String(),
        email: t.String(),
        current_score: Score('Current'),
        draft_score: Score('Draft'),
        current_productive_seconds: Int({ minimum: 0 }),
        draft_productive_seconds: Int({ minimum: 0 }),
        active_seconds: Int({ minimum: 0, description: 'productive + neutral + unproductive (the same under both)' }),
      }),
    ),
    teams: t.Array(t.Object({ team_id: Id, name: t.String(), current_score: Score('Current'), draft_score: Score('Draft') })),
    changed_applications: t.Array(
      t.Object({
        application: t.String(),
        window_class: Nullable(t.String()),
        current_category: CategoryEnum,
        draft_category: CategoryEnum,
        seconds: Int({ minimum: 0, description: 'Active seconds of the window that change category' }),
        people: Int({ minimum: 0, description: 'People whose samples change' }),
      }),
      { description: `The ${TOP_APPLICATIONS} applications with the most seconds changing category` },
    ),
  }),
  run(ctx, input) {
    if (input.team_id !== undefined && !teamExistsInTenant(ctx, input.team_id)) refuse('team_id', `names no team of this tenant (${input.team_id})`)
    const current = categoryRuleRows(ctx)
    const draft = draftRules(ctx, current, input)
    const today = localDate(ctx.now, ctx.tenant.timezone)
    const from = addDays(today, -PREVIEW_DAYS)
    const to = addDays(today, -1)
    const members = input.team_id !== undefined ? new Set(teamMemberIds(ctx, [input.team_id])) : null

    const currentFor = categorizersFor(ctx, current)
    const draftFor = categorizersFor(ctx, draft)
    const perUser = new Map<string, { current: Tally; draft: Tally }>()
    const changes = new Map<
      string,
      { application: string; window_class: string | null; current_category: Category; draft_category: Category; seconds: number; users: Set<string> }
    >()
    for (const g of sampleGroups(ctx, from, to)) {
      if (members && !members.has(g.userId)) continue
      let u = perUser.get(g.userId)
      if (!u) perUser.set(g.userId, (u = { current: emptyTally(), draft: emptyTally() }))
      if (g.isIdle) {
        u.current.idle += g.seconds
        u.draft.idle += g.seconds
        continue
      }
      const was = currentFor(g.userId)(g.application, g.windowClass)
      const will = draftFor(g.userId)(g.application, g.windowClass)
      u.current[was] += g.seconds
      u.draft[will] += g.seconds
      if (was === will) continue
      const key = `${g.application}\u0000${g.windowClass ?? ''}\u0000${was}\u0000${will}`
      let ch = changes.get(key)
      if (!ch)
        changes.set(
          key,
          (ch = { application: g.application, window_class: g.windowClass, current_category: was, draft_category: will, seconds: 0, users: new Set() }),
        )
      ch.seconds += g.seconds
      ch.users.add(g.userId)
    }

    const labels = userLabels(ctx, [...perUser.keys()])
    const total = { current: emptyTally(), draft: emptyTally() }
    const perTeam = new Map<string, { current: Tally; draft: Tally }>()
    const people = []
    for (const [userId, u] of perUser) {
      addTo(total.current, u.current)
      addTo(total.draft, u.draft)
      const teams = input.team_id !== undefined ? [input.team_id] : teamIdsOf(ctx, userId)
      for (const teamId of teams) {
        let tt = perTeam.get(teamId)
        if (!tt) perTeam.set(teamId, (tt = { current: emptyTally(), draft: emptyTally() }))
        addTo(tt.current, u.current)
        addTo(tt.draft, u.draft)
      }
      const label = labels.get(userId)
      people.push({
        user_id: userId,
        name: label?.name ?? '',
        email: label?.email ?? '',
        current_score: scoreOf(u.current),
        draft_score: scoreOf(u.draft),
        current_productive_seconds: u.current.productive,
        draft_productive_seconds: u.draft.productive,
        active_seconds: u.current.productive + u.current.neutral + u.current.unproductive,
      })
    }
    people.sort((a, b) => a.name.localeCompare(b.name) || a.user_id.localeCompare(b.user_id))
    const names = teamNames(ctx, [...perTeam.keys()])
    const teams = [...perTeam]
      .map(([teamId, x]) => ({ team_id: teamId, name: names.get(teamId) ?? '', current_score: scoreOf(x.current), draft_score: scoreOf(x.draft) }))
      .sort((a, b) => a.name.localeCompare(b.name))
    const changed_applications = [...changes.values()]
      .sort((a, b) => b.seconds - a.seconds || a.application.localeCompare(b.application))
      .slice(0, TOP_APPLICATIONS)
      .map(({ users, ...rest }) => ({ ...rest, people: users.size }))
    return {
      from,
      to,
      team_id: input.team_id ?? null,
      saved: false as const,
      current: figures(total.current),
      draft: figures(total.draft),
      people,
      teams,
      changed_applications,
    }
  },
})

type PreviewInput = {
  add?: Parameters<typeof newRuleRow>[1][] | undefined
  change?: ({ rule_id: string } & Parameters<typeof changedColumns>[1])[] | undefined
  remove?: string[] | undefined
}

/** The rules as they would be after the draft, checked like the real changes (field names like change.0.pattern). */
function draftRules(ctx: Parameters<typeof categoryRuleRows>[0], current: CategoryRuleRow[], input: PreviewInput): CategoryRuleRow[] {
  const byId = new Map(current.map((r) => [r.id, r]))
  for (const [i, id] of (input.remove ?? []).entries()) if (!byId.has(id)) refuse(`remove.${i}`, `names no category rule of this tenant (${id})`)
  for (const [i, ch] of (input.change ?? []).entries()) {
    const existing = byId.get(ch.rule_id)
    if (!existing) refuse(`change.${i}.rule_id`, `names no category rule of this tenant (${ch.rule_id})`)
    const { rule_id: _, ...fields } = ch
    byId.set(ch.rule_id, { ...existing!, ...changedColumns(ctx, fields, `change.${i}.`) })
  }
  for (const id of input.remove ?? []) byId.delete(id)
  for (const [i, d] of (input.add ?? []).entries()) {
    const row = newRuleRow(ctx, d, `draft-${i}`, `add.${i}.`)
    const full: CategoryRuleRow = {
      id: row.id!,
      tenantId: ctx.tenant.id,
      matchField: row.matchField,
      matchKind: row.matchKind ?? 'contains',
      pattern: row.pattern,
      category: row.category,
      workProfile: row.workProfile ?? null,
      teamId: row.teamId ?? null,
      priority: row.priority ?? 100,
      createdAt: ctx.now + i,
      updatedAt: null,
    }
    refuseDuplicate([...byId.values()], full, `add.${i}.pattern`)
    byId.set(full.id, full)
  }
  return [...byId.values()].sort((a, b) => a.priority - b.priority || a.createdAt - b.createdAt || a.id.localeCompare(b.id))
}
