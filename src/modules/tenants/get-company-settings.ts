import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import type { TenantScope } from '../../kernel/ctx'
import { companySettingsOf } from './queries'
import { retentionRows } from './retention-queries'
import { SettingsOutput, settingsOutput } from './settings-model'

/** The settings as shown: every field plus the retention periods. */
export const currentSettings = (c: TenantScope) => settingsOutput(companySettingsOf(c), retentionRows(c))

/** Reads the company settings (the operator's `workforce settings show`, REST GET /settings). */
export const getCompanySettings = defineOperation({
  name: 'get_company_settings',
  title: 'Show the company settings',
  description:
    'The company settings: name, time zone, currency, locale, week start, pay period and anchor, overtime and break rules, attendance thresholds, geofence policy and the retention periods within the plan.',
  access: { role: 'admin' },
  input: t.Object({}),
  output: SettingsOutput,
  run(ctx) {
    return currentSettings(ctx)
  },
})
