/**
 * The exceptions scripts/check-architecture.ts accepts, each with its reason. Keep them few:
 * every entry is a place a reader has to trust instead of the structure.
 */

/** Query functions that take a raw `db` because they span tenants or run before one is known. */
export const GLOBAL_QUERIES: { file: string; name: string; why: string }[] = [
  { file: 'src/modules/analytics/queries.ts', name: 'insertToolCalls', why: 'the write-behind recorder flushes the tool calls of every tenant (and of calls made before a tenant is known) in one batch' },
]

/** Files that join tables of several modules for one read; the tables they may read. */
export const READ_MODELS: { file: string; tables: string[]; why: string }[] = []

/** `as unknown as` that bridges a library's types; nothing of ours may need one. */
export const AS_UNKNOWN_ALLOWED: { file: string; why: string }[] = []

/** Exported names that may be declared in several files (none yet). */
export const SAME_NAME_ALLOWED: string[] = []
