import { CollectorSampler, type SamplerOptions } from './sampler'
import type { RunnableSource } from './run'
import { X11Collector, x11Unavailable } from './collectors/x11'
import { MacosCollector } from './collectors/macos'
import { WindowsCollector } from './collectors/windows'
import { activityWatchFromCli } from './sources/activitywatch'

/** The options of `agent run` a source may use (each source reads the ones it knows). */
export interface SourceOptions extends SamplerOptions {
  /** Every option given on the command line, e.g. `awUrl` for the ActivityWatch bridge. */
  cli: Record<string, unknown>
  configDir: string
}

export type SourceFactory = (o: SourceOptions) => Promise<RunnableSource>

/**
 * The sources `agent run --source NAME` can use: the desktop collector of each platform (x11 on
 * Linux, macos, windows), sampled; or the ActivityWatch bridge, which reads a local aw-server and
 * shares only the categories the employee chose (docs/agent-activitywatch.md).
 */
export const SOURCES: Record<string, SourceFactory> = {
  x11: async (o) => {
    const why = x11Unavailable()
    if (why) throw new Error(why)
    return new CollectorSampler(await X11Collector.connect(), { ...o, name: 'x11' })
  },
  macos: async (o) => new CollectorSampler(new MacosCollector(), { ...o, name: 'macos' }),
  windows: async (o) => new CollectorSampler(new WindowsCollector(), { ...o, name: 'windows' }),
  activitywatch: async (o) => activityWatchFromCli(o.cli, o.isPrivate ? { isPrivate: o.isPrivate } : {}),
}

export const defaultSourceName = (p: NodeJS.Platform = process.platform): string => (p === 'darwin' ? 'macos' : p === 'win32' ? 'windows' : 'x11')
