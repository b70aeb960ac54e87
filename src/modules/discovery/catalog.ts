import type { Access } from '../../kernel/access'

/** What discovery and analytics tools know about each MCP tool. */
export interface CatalogEntry {
  name: string
  title: string
  /** Required role: public (no key), member (any key) or a minimum role. */
  role: string
  write: boolean
  /** The tool's access rule, for asking the policy (kernel/access.ts) what a caller may do. */
  access: Access
  /** The specification's tool group (workforce_analytics, write_actions, discovery…). */
  group: string
  /** Data dictionary entities (e.g. Project) the tool exposes beyond those their tables name. */
  exposes: readonly string[]
}

let provider: ((extended: boolean) => CatalogEntry[]) | null = null

/**
 * The MCP registry registers itself here when it loads. The discovery tools are part of that
 * registry, so they cannot import it without an import cycle.
 */
export function provideToolCatalog(fn: (extended: boolean) => CatalogEntry[]): void {
  provider = fn
}

/** The tools on offer: the specification's, plus the extended set when the operator turned it on. */
export function toolCatalog(extended = false): CatalogEntry[] {
  return provider ? provider(extended) : []
}

/**
 * The group of a tool by name ('other' for a name no longer registered, e.g. in old call logs).
 * Extended tools keep their group even when the set is off now (calls recorded while it was on).
 */
export const groupOf = (tool: string): string => toolCatalog(true).find((e) => e.name === tool)?.group ?? 'other'
