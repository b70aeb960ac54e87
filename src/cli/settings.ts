import { getCompanySettings } from '../modules/tenants/get-company-settings'
import { updateCompanySettings } from '../modules/tenants/update-company-settings'
import { commandGroup, operationCommand } from './operation-command'

const retentionLines = (rows: { data_kind: string; plan_days: number; days: number; overridden: boolean }[]) =>
  rows.map((r) => `  ${r.data_kind}: ${r.days} days${r.overridden ? ` (plan: ${r.plan_days})` : ''}`)

const show = (settings: Record<string, unknown> & { retention: { data_kind: string; plan_days: number; days: number; overridden: boolean }[] }) => {
  const { retention, ...rest } = settings
  const value = (v: unknown) => (v === null ? '-' : Array.isArray(v) ? v.join(', ') || '(none)' : String(v))
  return [...Object.entries(rest).map(([k, v]) => `${k}: ${value(v)}`), 'retention:', ...retentionLines(retention)].join('\n')
}

/** `workforce settings show|set`: the company settings (update_company_settings). */
export const settingsCommand = commandGroup(
  'settings',
  'Show and change the company settings (time zone, currency, pay period, overtime, breaks, thresholds, retention).',
  [
    operationCommand({ name: 'show', op: getCompanySettings, print: show }),
    operationCommand({
      name: 'set',
      op: updateCompanySettings,
      print: (out) => [out.changed.length ? `Changed: ${out.changed.join(', ')}.` : 'Nothing changed.', ...out.notes, '', show(out.settings)].join('\n'),
    }),
  ],
)
