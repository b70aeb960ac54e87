import { BUDGET_ALERT_PERCENT, COST_CENTERS, LEADERSHIP_TEAM, TEAM_KINDS, TEMPLATES, billRateCents } from '../catalog/org'
import { SEED_RULES } from '../catalog/apps'
import type { SeedEnv } from '../env'
import { emit, iso } from '../events'
import type { Company } from '../model'
import { Rng } from '../rng'
import { writeRateCards } from './rates'
import { writeTasks } from './tasks'

/** Writes the organisation: cost centers, offices, shift templates, teams, people, rules, devices, projects. */
export function writeCompany(env: SeedEnv, company: Company): void {
  const { w, tenantId } = env
  for (const [code, name] of COST_CENTERS) w.costCenters.add({ id: company.costCenters[code]!, tenantId, code, name, createdAt: company.foundedAt })
  company.offices.forEach((o, i) => {
    const place = env.region.places[i]!
    w.offices.add({
      ...o,
      tenantId,
      address: place.address,
      city: place.city,
      country: place.country,
      timezone: env.region.timezone,
      createdAt: company.foundedAt,
    })
  })
  TEMPLATES.forEach((t, i) => {
    w.templates.add({
      id: company.templateIds[i]!,
      tenantId,
      name: t.name,
      startTime: t.start,
      endTime: t.end,
      breakMinutes: t.breakMinutes,
      daysOfWeek: t.days,
      color: t.color,
      createdAt: company.foundedAt,
    })
  })
  writeTeams(env, company)
  writeCategoryRules(env, company)
  for (const p of company.people) {
    for (const d of p.devices) {
      w.devices.add({
        id: d.id,
        tenantId,
        userId: p.id,
        name: d.name,
        platform: d.platform,
        fingerprint: env.ids.hex(16),
        agentVersion: d.registeredAt > env.cal.midnight(env.firstDay) ? '3.14.2' : '3.13.0',
        registeredAt: d.registeredAt,
        lastSeenAt: null,
      })
      if (d.registeredAt >= env.cal.midnight(env.firstDay)) {
        emit(
          env,
          'security.new_device_login',
          { userId: p.id, userEmail: p.email, deviceId: d.id, deviceName: d.name, platform: d.platform, registeredAt: iso(d.registeredAt) },
          d.registeredAt,
        )
      }
    }
  }
  for (const pr of company.projects) {
    w.projects.add({
      id: pr.id,
      tenantId,
      name: pr.name,
      code: pr.code,
      clientName: pr.spec.client,
      status: pr.spec.status,
      budgetHours: null,
      budgetAmountCents: null,
      billRateCents: billRateCents(pr.spec, env.region.rateScale),
      alertThresholdPercent: BUDGET_ALERT_PERCENT,
      costCenterId: pr.costCenterId,
      externalSource: pr.code.startsWith('ROV') || pr.code.startsWith('CAPI') ? 'jira' : null,
      externalId: pr.code.startsWith('ROV') || pr.code.startsWith('CAPI') ? pr.code : null,
      createdAt: pr.createdAt,
      updatedAt: pr.createdAt,
    })
  }
  writeRateCards(env, company)
  writeTasks(env, company)
}

function writeTeams(env: SeedEnv, company: Company): void {
  const { w, tenantId } = env
  const rng = new Rng(env.seed, 107)
  for (const team of company.teams) {
    const manager = company.people[team.manager]!
    w.teams.add({
      id: team.id,
      tenantId,
      name: team.name,
      description: team.kind >= 0 ? TEAM_KINDS[team.kind]!.description : LEADERSHIP_TEAM.description,
      managerUserId: manager.id,
      costCenterId: team.costCenterId,
      createdAt: company.foundedAt,
    })
    w.memberships.add({ tenantId, teamId: team.id, userId: manager.id, roleInTeam: 'manager', joinedAt: manager.activatedAt ?? manager.createdAt })
    for (const m of team.members) {
      const p = company.people[m]!
      w.memberships.add({ tenantId, teamId: team.id, userId: p.id, roleInTeam: 'member', joinedAt: p.activatedAt ?? p.createdAt })
    }
  }
  for (const p of company.people) {
    w.users.add({
      id: p.id,
      tenantId,
      name: p.name,
      email: p.email,
      role: p.role,
      status: p.status,
      primaryTeamId: company.teams[p.team]!.id,
      jobTitle: p.jobTitle,
      workProfile: p.profile,
      weeklyHours: p.weeklyHours,
      costCenterId: p.costCenterId,
      createdAt: p.createdAt,
      activatedAt: p.activatedAt,
      deactivatedAt: p.deactivatedAt,
    })
    // Some people also belong to a second, cross-functional team.
    if (p.role === 'employee' && rng.chance(0.06)) {
      const other = company.teams[rng.int(0, company.teams.length - 2)]!
      if (other !== company.teams[p.team])
        w.memberships.add({ tenantId, teamId: other.id, userId: p.id, roleInTeam: 'member', joinedAt: p.activatedAt ?? p.createdAt })
    }
  }
}

function writeCategoryRules(env: SeedEnv, company: Company): void {
  // The same rules the seed's samples were categorised with (catalog/apps.ts SEED_RULES).
  for (const r of SEED_RULES)
    env.w.categoryRules.add({
      id: env.ids.uuid(),
      tenantId: env.tenantId,
      matchField: r.matchField,
      matchKind: r.matchKind ?? 'contains',
      pattern: r.pattern,
      category: r.category,
      workProfile: r.workProfile,
      teamId: null,
      priority: r.priority,
      createdAt: company.foundedAt,
    })
}
