import { getTableColumns, getTableName } from 'drizzle-orm'
import type { SQLiteTable } from 'drizzle-orm/sqlite-core'

/**
 * The data dictionary lives next to each table: `describeEntity` demands a description for every
 * column (the type has one key per column), so a new column cannot ship undocumented.
 */
export interface EntityDoc<T extends SQLiteTable = SQLiteTable> {
  readonly kind: 'entity-doc'
  entity: string
  table: T
  description: string
  /** MCP tools that expose this entity (empty when only REST, jobs or internals use it). */
  exposedByTool: string[]
  fields: Record<string, string>
}

export interface DictionaryField {
  name: string
  type: string
  nullable: boolean
  description: string
}

export interface DictionaryEntity {
  name: string
  table: string
  description: string
  fields: DictionaryField[]
  exposed_by_tool: string[]
}

export function describeEntity<T extends SQLiteTable>(
  table: T,
  doc: {
    entity: string
    description: string
    exposedByTool?: string[]
    fields: { [K in keyof T['$inferSelect']]: string }
  },
): EntityDoc<T> {
  return {
    kind: 'entity-doc',
    entity: doc.entity,
    table,
    description: doc.description,
    exposedByTool: doc.exposedByTool ?? [],
    fields: doc.fields as Record<string, string>,
  }
}

export const isEntityDoc = (v: unknown): v is EntityDoc => typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'entity-doc'

/** Flattens entity docs into the wire form: SQL column names, types and descriptions. */
export function toDictionary(docs: EntityDoc[]): DictionaryEntity[] {
  return docs.map((doc) => {
    const columns = getTableColumns(doc.table)
    return {
      name: doc.entity,
      table: getTableName(doc.table),
      description: doc.description,
      exposed_by_tool: doc.exposedByTool,
      fields: Object.entries(columns).map(([key, col]) => ({
        name: col.name,
        type: col.getSQLType(),
        nullable: !col.notNull,
        description: doc.fields[key] ?? '',
      })),
    }
  })
}
