import { Command, Option } from 'commander'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { ClientApi } from '../agent/client'
import {
  CREDENTIAL_FILE,
  SPOOL_FILE,
  defaultConfigDir,
  isPrivate,
  readCredential,
  removeCredential,
  setPrivate,
  writeCredential,
  writePrivateFile,
  type AgentCredential,
} from '../agent/config'
import { deviceFacts } from '../agent/device'
import { runAgent, STATUS_FILE, type RunStatus } from '../agent/run'
import { DEFAULT_MAX_SAMPLE_MS, DEFAULT_POLL_MS } from '../agent/sampler'
import { serviceFile, serviceKindFor, type ServiceKind } from '../agent/service'
import { SOURCES, defaultSourceName } from '../agent/sources'
import { Spool } from '../agent/spool'
import { x11Unavailable } from '../agent/collectors/x11'
import { CliError, printJson } from './common'

interface DirOpts {
  configDir?: string
  json?: boolean
}

const configDirOption = () =>
  new Option('--config-dir <dir>', 'agent directory (credential, spool); default the per-user config dir').env('WORKFORCE_AGENT_DIR')
const dirOf = (o: DirOpts) => o.configDir ?? defaultConfigDir()

function credentialOf(o: DirOpts): AgentCredential {
  const c = readCredential(dirOf(o))
  if (!c) throw new CliError(`This computer is not enrolled (no ${join(dirOf(o), CREDENTIAL_FILE)}): run \`workforce agent enroll --server URL --code CODE\`.`)
  return c
}

const apiError = (r: { error: { code: string; message: string } }) => new CliError(`${r.error.message} (${r.error.code})`)

const enroll = new Command('enroll')
  .description('Enroll this computer with a one-time code from your administrator (`workforce users enroll-code`); stores the device credential owner-only.')
  .requiredOption('--server <url>', 'the workforce server, e.g. https://workforce.example.com')
  .requiredOption('--code <code>', 'the one-time enrollment code')
  .option('--name <name>', 'device name shown to administrators (default the host name)')
  .addOption(configDirOption())
  .option('--json', 'print JSON')
  .action(async (o: DirOpts & { server: string; code: string; name?: string }) => {
    const dir = dirOf(o)
    if (!/^https?:\/\//.test(o.server)) throw new CliError('--server must be an http:// or https:// URL')
    const device = deviceFacts(dir, o.name)
    type Out = {
      key: string
      key_id: string
      user_id: string
      email: string
      tenant: string
      device: { id: string; name: string }
      idle_threshold_seconds: number
    }
    const r = await new ClientApi(o.server, null).post<Out>('/enroll', { code: o.code, device })
    if (!r.ok) throw apiError(r)
    const credential: AgentCredential = {
      server: o.server.replace(/\/+$/, ''),
      key: r.body.key,
      key_id: r.body.key_id,
      user_id: r.body.user_id,
      email: r.body.email,
      tenant: r.body.tenant,
      device_id: r.body.device.id,
      device_name: r.body.device.name,
      fingerprint: device.fingerprint,
      idle_threshold_seconds: r.body.idle_threshold_seconds,
      enrolled_at: new Date().toISOString(),
    }
    writeCredential(dir, credential)
    if (o.json) return printJson({ ...credential, key: undefined, config_dir: dir })
    console.log(
      `Enrolled ${credential.device_name} for ${credential.email} (tenant ${credential.tenant}). Credential: ${join(dir, CREDENTIAL_FILE)} (owner-only).`,
    )
    console.log('Start the agent with `workforce agent run`, or install it as a user service: `workforce agent install-service`.')
  })

const status = new Command('status')
  .description('Show enrollment, the spool, private mode, the running agent and whether this desktop can be read.')
  .addOption(configDirOption())
  .option('--json', 'print JSON')
  .action((o: DirOpts) => {
    const dir = dirOf(o)
    const c = readCredential(dir)
    const spoolPath = join(dir, SPOOL_FILE)
    let spool: ReturnType<Spool['stats']> | null = null
    if (existsSync(spoolPath)) {
      const s = new Spool(spoolPath)
      spool = s.stats()
      s.close()
    }
    const statusPath = join(dir, STATUS_FILE)
    const run = existsSync(statusPath) ? (JSON.parse(readFileSync(statusPath, 'utf8')) as RunStatus) : null
    const desktop = process.platform === 'linux' ? (x11Unavailable() ?? `X11 display ${process.env.DISPLAY}`) : process.platform
    const out = {
      config_dir: dir,
      enrolled: c !== null,
      server: c?.server ?? null,
      email: c?.email ?? null,
      tenant: c?.tenant ?? null,
      device_id: c?.device_id ?? null,
      device_name: c?.device_name ?? null,
      key_id: c?.key_id ?? null,
      private_mode: isPrivate(dir),
      desktop,
      spool,
      last_run: run,
    }
    if (o.json) return printJson(out)
    if (!c) console.log(`Not enrolled (${dir}).`)
    else console.log(`Enrolled: ${c.device_name} for ${c.email} (tenant ${c.tenant}) on ${c.server}; device ${c.device_id}, key ${c.key_id}.`)
    console.log(`Private mode: ${out.private_mode ? 'ON (samples are sent as "Private", without application or window class)' : 'off'}.`)
    console.log(`Desktop: ${desktop}.`)
    if (spool)
      console.log(
        `Spool: ${spool.pendingSamples} sample(s) in ${spool.pendingBatches} batch(es) waiting, ${spool.sentBatches} sent, ${spool.failedBatches} refused.`,
      )
    if (run) {
      console.log(
        `Last run: pid ${run.pid}, source ${run.source}, session ${run.session_id ?? 'none'}, last contact ${run.last_contact_at ?? 'never'}, updated ${run.updated_at}${run.last_error ? `; last error: ${run.last_error}` : ''}.`,
      )
    }
  })

const unenroll = new Command('unenroll')
  .description(
    "Forget this computer's credential (and the spool, unless samples still wait to be sent). The key stays valid on the server until an administrator revokes it (`workforce keys revoke`).",
  )
  .addOption(configDirOption())
  .option('--force', 'also drop samples that were not sent yet')
  .action((o: DirOpts & { force?: boolean }) => {
    const dir = dirOf(o)
    const c = readCredential(dir)
    if (!c) throw new CliError(`This computer is not enrolled (${dir}).`)
    const spoolPath = join(dir, SPOOL_FILE)
    if (existsSync(spoolPath)) {
      const s = new Spool(spoolPath)
      const pending = s.stats().pendingSamples
      s.close()
      if (pending > 0 && !o.force) throw new CliError(`${pending} sample(s) were not sent yet: run the agent until they are, or pass --force to drop them.`)
      for (const f of [spoolPath, `${spoolPath}-wal`, `${spoolPath}-shm`]) rmSync(f, { force: true })
    }
    removeCredential(dir)
    rmSync(join(dir, STATUS_FILE), { force: true })
    console.log(`Unenrolled ${c.device_name}. Ask your administrator to revoke key ${c.key_id}.`)
  })

interface RunOpts extends DirOpts {
  source?: string
  pollMs?: string
  idleThresholdSeconds?: string
  maxSampleSeconds?: string
  flushMs?: string
  heartbeatMs?: string
  retryMs?: string
  [k: string]: unknown
}

const int = (v: string | undefined, name: string, min: number): number | undefined => {
  if (v === undefined) return undefined
  const n = Number(v)
  if (!Number.isInteger(n) || n < min) throw new CliError(`--${name} must be a whole number ≥ ${min}`)
  return n
}

const run = new Command('run')
  .description('Run the agent (the default): samples the foreground application and idle time, spools and sends them.')
  .addOption(new Option('--source <name>', `where samples come from: ${Object.keys(SOURCES).join(', ')}`).default(defaultSourceName()))
  .option('--poll-ms <ms>', `how often the desktop is read (default ${DEFAULT_POLL_MS})`)
  .option('--idle-threshold-seconds <s>', "no input this long counts as idle (default the tenant's, 300)")
  .option('--max-sample-seconds <s>', `longest sample (default ${DEFAULT_MAX_SAMPLE_MS / 1000}, at most 3600)`)
  .option('--flush-ms <ms>', 'how often samples are spooled and sent (default 10000)')
  .option('--heartbeat-ms <ms>', 'agent-session heartbeat interval (default 60000)')
  .option('--retry-ms <ms>', 'first retry delay while the server is unreachable, doubling up to 16× (default 5000)')
  .option('--aw-url <url>', 'ActivityWatch server on this machine, for --source activitywatch', 'http://127.0.0.1:5600')
  .option(
    '--aw-categories <list>',
    'ActivityWatch categories to share, comma-separated; "Work>*" shares Work and everything under it (required with --source activitywatch)',
  )
  .option('--aw-host <host>', "which machine's ActivityWatch buckets to read (default the aw-server's own host)")
  .allowUnknownOption(false)
  .addOption(configDirOption())
  .action(async (o: RunOpts) => {
    const dir = dirOf(o)
    const credential = credentialOf(o)
    const factory = SOURCES[o.source ?? defaultSourceName()]
    if (!factory) throw new CliError(`Unknown or unavailable source "${o.source}": one of ${Object.keys(SOURCES).join(', ')}.`)
    const idle = int(o.idleThresholdSeconds, 'idle-threshold-seconds', 1) ?? credential.idle_threshold_seconds ?? 300
    const maxSample = int(o.maxSampleSeconds, 'max-sample-seconds', 1)
    if (maxSample !== undefined && maxSample > 3600) throw new CliError('--max-sample-seconds must be at most 3600')
    let source: Awaited<ReturnType<typeof factory>>
    try {
      source = await factory({
        cli: o,
        configDir: dir,
        pollMs: int(o.pollMs, 'poll-ms', 50),
        idleThresholdMs: idle * 1000,
        ...(maxSample !== undefined ? { maxSampleMs: maxSample * 1000 } : {}),
        isPrivate: () => isPrivate(dir),
        onError: (e) => console.error(`reading the desktop failed: ${(e as Error).message}`),
      })
    } catch (e) {
      throw new CliError((e as Error).message)
    }
    const controller = new AbortController()
    for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => controller.abort())
    await runAgent({
      dir,
      credential,
      source,
      flushMs: int(o.flushMs, 'flush-ms', 100),
      heartbeatMs: int(o.heartbeatMs, 'heartbeat-ms', 100),
      retryMs: int(o.retryMs, 'retry-ms', 100),
      signal: controller.signal,
      log: (m) => console.log(`${new Date().toISOString()} ${m}`),
    })
    process.exit(0)
  })

const clock = (name: 'clock-in' | 'clock-out') =>
  new Command(name)
    .description(
      name === 'clock-in' ? 'Clock in (starts your work session; for people who work only on this computer).' : 'Clock out (ends your work session).',
    )
    .addOption(configDirOption())
    .option('--json', 'print JSON')
    .action(async (o: DirOpts) => {
      const c = credentialOf(o)
      const r = await new ClientApi(c.server, c.key).post<{ clock_in_at: string; clock_out_at?: string; duration_seconds?: number }>(`/${name}`, {})
      if (!r.ok) throw apiError(r)
      if (o.json) return printJson(r.body)
      if (name === 'clock-in') console.log(`Clocked in at ${r.body.clock_in_at}.`)
      else console.log(`Clocked out at ${r.body.clock_out_at} (${Math.round((r.body.duration_seconds ?? 0) / 60)} min).`)
    })

const privateMode = new Command('private')
  .description(
    'Private mode on or off: while on, samples are sent as the application "Private" with no window class (time counts, nothing about what you use).',
  )
  .argument('<state>', 'on or off')
  .addOption(configDirOption())
  .action((state: string, o: DirOpts) => {
    if (state !== 'on' && state !== 'off') throw new CliError('state must be on or off')
    setPrivate(dirOf(o), state === 'on')
    console.log(state === 'on' ? 'Private mode on: samples are reported as "Private".' : 'Private mode off.')
  })

const installService = new Command('install-service')
  .description('Write the user service that runs the agent at login: systemd user unit (Linux), launchd agent (macOS), Task Scheduler XML (Windows).')
  .option('--print', 'print the file instead of writing it')
  .addOption(new Option('--kind <kind>', 'service flavour (default for this OS)').choices(['systemd', 'launchd', 'schtasks']))
  .addOption(configDirOption())
  .action((o: DirOpts & { print?: boolean; kind?: ServiceKind }) => {
    // The compiled binary is process.execPath; from source, bun + the entry script.
    const fromSource = /(^|[\\/])bun(\.exe)?$/.test(process.execPath) && process.argv[1]
    const command = fromSource ? [process.execPath, process.argv[1]!] : [process.execPath]
    const file = serviceFile(o.kind ?? serviceKindFor(), command, o.configDir ? ['--config-dir', o.configDir] : [])
    const text = file.text
    if (o.print) return void process.stdout.write(text)
    mkdirSync(dirname(file.path), { recursive: true })
    writePrivateFile(file.path, text)
    console.log(`Wrote ${file.path}. Start it with:\n${file.activate.map((l) => `  ${l}`).join('\n')}`)
  })

export const agentCommand = new Command('agent')
  .description('The desktop agent: enroll this computer, then run it (application usage and idle time only; see docs/agent.md).')
  .addCommand(run, { isDefault: true })
  .addCommand(enroll)
  .addCommand(status)
  .addCommand(unenroll)
  .addCommand(clock('clock-in'))
  .addCommand(clock('clock-out'))
  .addCommand(privateMode)
  .addCommand(installService)
