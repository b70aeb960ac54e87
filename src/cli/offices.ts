import { Command, Option } from 'commander'
import { invoke } from '../kernel/operation'
import { systemCtxFor } from '../runtime'
import { addOffice } from '../modules/locations/add-office'
import { setAttendancePolicy } from '../modules/time-tracking/set-attendance-policy'
import { editOffice } from '../modules/locations/edit-office'
import { removeOffice } from '../modules/locations/remove-office'
import { listOfficesOp } from '../modules/locations/list-offices'
import { operationCommand, renderOutput } from './operation-command'
import { CliError, dataOption, printJson, resolveTenant, withRuntime, type DataOpts } from './common'

const num = (name: string, v: string): number => {
  const n = Number(v)
  if (!Number.isFinite(n)) throw new CliError(`--${name} must be a number`)
  return n
}

interface AddOpts extends DataOpts {
  tenant: string
  name: string
  lat: string
  lon: string
  radius: string
  city?: string
  country?: string
  address?: string
  timezone?: string
  geofencePolicy?: 'off' | 'record' | 'enforce'
  json?: boolean
}

const add = new Command('add')
  .description('Add an office with a circular geofence that clock-ins are checked against.')
  .requiredOption('--tenant <id>', 'tenant readable id or slug')
  .requiredOption('--name <name>', 'office name')
  .requiredOption('--lat <degrees>', 'latitude of the centre')
  .requiredOption('--lon <degrees>', 'longitude of the centre')
  .option('--radius <meters>', 'geofence radius in metres', '150')
  .option('--city <city>', 'city')
  .option('--country <code>', 'ISO 3166-1 alpha-2 country code')
  .option('--address <address>', 'street address')
  .option('--timezone <zone>', "IANA time zone of the office (default: the company's)")
  .addOption(
    new Option('--geofence-policy <policy>', "clock-in policy for the office's people, overriding the company's").choices(['off', 'record', 'enforce']),
  )
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: AddOpts) =>
    withRuntime(opts, async (rt) => {
      const radius = num('radius', opts.radius)
      if (!Number.isInteger(radius) || radius < 10) throw new CliError('--radius must be an integer of at least 10')
      const out = await invoke(addOffice, systemCtxFor(rt, resolveTenant(rt, opts.tenant)), {
        name: opts.name,
        latitude: num('lat', opts.lat),
        longitude: num('lon', opts.lon),
        radius_meters: radius,
        ...(opts.city ? { city: opts.city } : {}),
        ...(opts.country ? { country: opts.country } : {}),
        ...(opts.address ? { address: opts.address } : {}),
        ...(opts.timezone ? { timezone: opts.timezone } : {}),
        ...(opts.geofencePolicy ? { geofence_policy: opts.geofencePolicy } : {}),
      })
      if (opts.json) return printJson(out)
      console.log(`Office ${out.name} (${out.office_id}) at ${out.latitude}, ${out.longitude}, radius ${out.radius_meters} m.`)
    }),
  )

const policy = new Command('policy')
  .description('Set how clock-ins treat geofences (off, record, enforce) and presence confirmations.')
  .argument('<geofence-policy>', 'off, record or enforce')
  .requiredOption('--tenant <id>', 'tenant readable id or slug')
  .addOption(new Option('--presence-tap-minutes <n>', 'minutes between presence confirmations; 0 turns them off'))
  .addOption(dataOption())
  .action((geofencePolicy: string, opts: DataOpts & { tenant: string; presenceTapMinutes?: string }) =>
    withRuntime(opts, async (rt) => {
      if (!['off', 'record', 'enforce'].includes(geofencePolicy)) throw new CliError('geofence policy must be off, record or enforce')
      const tap = opts.presenceTapMinutes === undefined ? undefined : num('presence-tap-minutes', opts.presenceTapMinutes)
      const out = await invoke(setAttendancePolicy, systemCtxFor(rt, resolveTenant(rt, opts.tenant)), {
        geofence_policy: geofencePolicy as 'off' | 'record' | 'enforce',
        ...(tap !== undefined ? { presence_tap_minutes: tap === 0 ? null : tap } : {}),
      })
      console.log(
        `Geofence policy ${out.geofence_policy}; presence confirmations ${out.presence_tap_minutes ? `every ${out.presence_tap_minutes} min` : 'off'}.`,
      )
    }),
  )

const edit = operationCommand({
  name: 'edit',
  op: editOffice,
  args: ['office_id'],
  print: (out) => `Office ${out.office.name} (${out.office.office_id}): ${out.changed.length ? `changed ${out.changed.join(', ')}` : 'nothing changed'}.`,
})

const remove = operationCommand({
  name: 'remove',
  op: removeOffice,
  args: ['office_id'],
  print: (out) => `Office ${out.name} removed; ${out.people_unassigned} people no longer have a home office.`,
})

const list = operationCommand({ name: 'list', op: listOfficesOp, print: (out) => renderOutput({ offices: out.data }) })

export const officesCommand = new Command('offices')
  .description('Manage offices (geofences), their clock-in policy and the attendance policy.')
  .addCommand(add)
  .addCommand(edit)
  .addCommand(remove)
  .addCommand(list)
  .addCommand(policy)
