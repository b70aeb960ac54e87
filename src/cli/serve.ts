import { resolve } from 'node:path'
import { Command, Option } from 'commander'
import { loadConfig, DEFAULTS } from '../kernel/config'
import { createLogger, routeConsoleTo } from '../kernel/log'
import { openRuntime } from '../runtime'
import { createHttpApp } from '../surfaces/http'
import { startJobs } from '../surfaces/jobs'
import { acquireDataLock, ensureDataDir } from '../kernel/data-lock'
import { CliError, dataOption } from './common'
import { startupBanner } from './banner'
import { ensureDemoTenant } from './demo-bootstrap'
import { loadTls } from './tls'

interface ServeOpts {
  host: string
  port: string
  data: string
  publicUrl?: string
  logLevel?: string
  jobs: boolean
  reusePort?: boolean
  tlsCert?: string
  tlsKey?: string
  mcpExtendedTools?: boolean
}

/** Time allowed for in-flight requests and jobs to finish after SIGTERM/SIGINT. */
const SHUTDOWN_GRACE_MS = 4000

export const serveCommand = new Command('serve')
  .description('Start the REST API, the MCP server and the scheduled jobs. Seeds a demo tenant on an empty data directory.')
  .addOption(new Option('--host <host>', 'address to bind').env('WORKFORCE_HOST').default(DEFAULTS.host))
  .addOption(new Option('--port <port>', 'port to listen on (0 picks a free one)').env('WORKFORCE_PORT').default(String(DEFAULTS.port)))
  .addOption(dataOption())
  .addOption(new Option('--public-url <url>', 'base URL clients use to reach this box').env('WORKFORCE_PUBLIC_URL'))
  .addOption(new Option('--log-level <level>', 'debug, info, warn, error or silent').env('WORKFORCE_LOG_LEVEL'))
  .addOption(new Option('--tls-cert <file>', 'PEM certificate (chain) file: serve HTTPS without a proxy (with --tls-key)').env('WORKFORCE_TLS_CERT'))
  .addOption(new Option('--tls-key <file>', 'PEM private key file of --tls-cert').env('WORKFORCE_TLS_KEY'))
  .addOption(new Option('--no-jobs', 'do not run scheduled jobs in this process'))
  .addOption(
    new Option('--reuse-port', 'scale-out opt-in: share the port (SO_REUSEPORT) and the data directory with other serve processes started with --reuse-port'),
  )
  .addOption(new Option('--mcp-extended-tools', "offer the extended MCP tools besides the specification's 24 (WORKFORCE_MCP_EXTENDED_TOOLS=on)"))
  .action(async (opts: ServeOpts) => {
    const port = Number(opts.port)
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be 0-65535, got ${opts.port}`)
    const config = loadConfig({
      host: opts.host,
      port,
      dataDir: opts.data,
      ...(opts.publicUrl ? { publicUrl: opts.publicUrl } : {}),
      ...(opts.logLevel ? { logLevel: opts.logLevel as 'info' } : {}),
      ...(opts.jobs === false ? { jobsEnabled: false } : {}),
      ...(opts.tlsCert ? { tlsCert: resolve(opts.tlsCert) } : {}),
      ...(opts.tlsKey ? { tlsKey: resolve(opts.tlsKey) } : {}),
      ...(opts.mcpExtendedTools ? { mcpExtendedTools: true } : {}),
    })
    // HTTPS without a proxy: the files are read and checked before the data directory is touched.
    const tls = loadTls(config.tlsCert, config.tlsKey)
    const log = createLogger(config.logLevel)
    // One server per box (docs/operations.md "One server per data directory and port"): take the
    // data directory, then make sure the port is free, before migrating or seeding anything.
    const reusePort = opts.reusePort === true
    ensureDataDir(config.dataDir)
    const lock = acquireDataLock(config.dataDir, { shared: reusePort })
    let rt: ReturnType<typeof openRuntime>
    try {
      if (!reusePort && config.port !== 0) assertPortFree(config.host, config.port)
      // The only server on the directory (the data lock says so) holds counters.db exclusively.
      rt = openRuntime(config, log, { counters: reusePort ? 'shared' : 'exclusive' })
    } catch (e) {
      lock.release()
      throw e
    }
    rt.startBackgroundCheckpoints()
    if (rt.migration.applied > 0) log.info('database migrated', { applied: rt.migration.applied })
    const demo = ensureDemoTenant(rt)
    rt.config.publicDemoKey = demo?.key ?? null

    let app: ReturnType<ReturnType<typeof createHttpApp>['listen']>
    try {
      // Elysia turns SO_REUSEPORT on by default, which lets a second process bind the same port
      // silently and take half the requests; it is off unless --reuse-port asks for it.
      app = createHttpApp(rt).listen({ hostname: config.host, port: config.port, reusePort, ...(tls ? { tls } : {}) })
    } catch (e) {
      rt.close()
      lock.release()
      throw (e as { code?: string }).code === 'EADDRINUSE' ? portInUse(config.host, config.port) : e
    }
    const actualPort = app.server?.port ?? config.port
    const url = `${tls ? 'https' : 'http'}://${config.host.includes(':') ? `[${config.host}]` : config.host}:${actualPort}`
    const publicUrl = opts.publicUrl ? config.publicUrl : port === 0 ? url.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost') : config.publicUrl
    rt.config.publicUrl = publicUrl
    lock.publish({ url, publicUrl })
    const jobs = config.jobsEnabled ? await startJobs(rt) : null
    // Installed before the banner: whoever reads "listening" may send SIGTERM at once, and until
    // a handler exists the signal kills the process (exit 143) instead of shutting it down.
    let stopping = false
    const shutdown = async (signal: string) => {
      if (stopping) return
      stopping = true
      log.info('shutting down', { signal })
      const force = setTimeout(() => {
        log.warn('shutdown grace period over; exiting')
        process.exit(0)
      }, SHUTDOWN_GRACE_MS)
      // Stop accepting, let in-flight requests finish, then stop jobs and close the database.
      await app.server?.stop(false)
      await jobs?.stop()
      rt.close()
      lock.release()
      clearTimeout(force)
      process.exit(0)
    }
    // A stray error in a callback must not take the whole appliance down: log it and go on.
    process.on('uncaughtException', (e) => log.error('uncaught exception', { error: e.stack ?? String(e) }))
    process.on('unhandledRejection', (e) => log.error('unhandled rejection', { error: e instanceof Error ? e.stack : String(e) }))
    process.on('SIGTERM', () => void shutdown('SIGTERM'))
    process.on('SIGINT', () => void shutdown('SIGINT'))
    console.log(startupBanner({ url, publicUrl, demo }))
    log.info('listening', { url, publicUrl, jobs: config.jobsEnabled })
    // From here on, whatever a library prints with console.* becomes a JSON log line.
    routeConsoleTo(log)
  })

/** Refuses a busy port before anything is migrated or seeded (the listen below refuses too). */
function assertPortFree(host: string, port: number): void {
  try {
    Bun.listen({ hostname: host, port, socket: { data() {} } }).stop(true)
  } catch (e) {
    if ((e as { code?: string }).code === 'EADDRINUSE') throw portInUse(host, port)
    throw e
  }
}

function portInUse(host: string, port: number): CliError {
  return new CliError(
    `port ${port} on ${host} is already in use (another workforce serve, or another program). Stop it, or choose another --port / WORKFORCE_PORT; several serve processes share one port only when every one is started with --reuse-port.`,
  )
}
