/** What discovery and analytics tools know about each MCP tool. */
export interface CatalogEntry {
  name: string
  title: string
  /** Required role: public (no key), member (any key) or a minimum role. */
  role: string
  write: boolean
  /** The specification's tool group (workforce_analytics, write_actions, discovery…). */
  group: string
}

let provider: (() => CatalogEntry[]) | null = null

/**
 * The MCP registry registers itself here when it loads. The discovery tools are part of that
 * registry, so they cannot import it without an import cycle.
 */
export function provideToolCatalog(fn: () => CatalogEntry[]): void {
  provider = fn
}

export function toolCatalog(): CatalogEntry[] {
  return provider ? provider() : []
}

/** The group of a tool by name ('other' for a name no longer registered, e.g. in old call logs). */
export const groupOf = (tool: string): string => toolCatalog().find((e) => e.name === tool)?.group ?? 'other'
