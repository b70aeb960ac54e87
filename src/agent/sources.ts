import { CollectorSampler, type SamplerOptions } from './sampler'
import type { RunnableSource } from './run'
import { X11Collector, x11Unavailable } from './collectors/x11'

/** The options of `agent run` a source may use (each source reads the ones it knows). */
export interface SourceOptions extends SamplerOptions {
  /** Every option given on the command line, e.g. `awUrl` for the ActivityWatch bridge. */
  cli: Record<string, unknown>
  configDir: string
}

export type SourceFactory = (o: SourceOptions) => Promise<RunnableSource>

/**
 * The sources `agent run --source NAME` can use. `x11` is the Linux default. HOOK: the
 * ActivityWatch bridge (src/agent/sources/activitywatch.ts) registers `activitywatch` here, and
 * the macOS / Windows collectors `macos` / `windows` (wrap them with `new CollectorSampler`).
 */
export const SOURCES: Record<string, SourceFactory> = {
  x11: async (o) => {
    const why = x11Unavailable()
    if (why) throw new Error(why)
    return new CollectorSampler(await X11Collector.connect(), { ...o, name: 'x11' })
  },
}

export const defaultSourceName = (p: NodeJS.Platform = process.platform): string => (p === 'darwin' ? 'macos' : p === 'win32' ? 'windows' : 'x11')
