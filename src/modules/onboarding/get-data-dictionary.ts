import { t } from 'elysia'
import { Int } from '../../kernel/schemas'
import * as schema from '../../db/schema'
import { isEntityDoc, toDictionary, type DictionaryEntity } from '../../kernel/dictionary'
import { ERROR_CODES, codeDescriptions } from '../../kernel/errors'
import { defineOperation } from '../../kernel/operation'
import { toolCatalog } from '../discovery/catalog'

const DataEntity = t.Object(
  {
    name: t.String({ description: 'Entity name, e.g. TimeLog' }),
    table: t.String({ description: 'Table it is stored in' }),
    description: t.String(),
    fields: t.Array(
      t.Object(
        { name: t.String(), type: t.String({ description: 'SQL type' }), nullable: t.Boolean(), description: t.String() },
        { description: 'A field of the entity' },
      ),
    ),
    exposed_by_tool: t.Array(t.String(), { description: 'MCP tools that expose this entity' }),
  },
  { description: 'A data entity of the service' },
)

let entities: DictionaryEntity[] | null = null

/** Every entity documented next to its table (describeEntity), RetentionPolicy included. */
export function dataDictionary(): DictionaryEntity[] {
  entities ??= toDictionary((Object.values(schema) as unknown[]).filter(isEntityDoc))
  return entities
}

export const getDataDictionary = defineOperation({
  name: 'get_data_dictionary',
  title: 'Get data dictionary',
  description:
    'Every kind of data the service keeps (time logs, timesheets, activity samples, teams, retention policies…) with its fields, their meaning, and which tools expose it; plus the error codes tools return. Use it to explain what a figure means or what is (and is not) recorded.',
  access: { role: 'member' },
  input: t.Object({}),
  output: t.Object({
    entities: t.Array(DataEntity),
    entity_count: Int({ minimum: 0 }),
    error_codes: t.Array(t.Object({ code: t.String(), description: t.String() }, { description: 'A stable tool error code' })),
  }),
  run(ctx) {
    // Tools that declare the entities they read (the extended set, when the operator turned it on).
    const catalog = toolCatalog(ctx.config.mcpExtendedTools)
    const list = dataDictionary().map((e) => {
      const more = catalog.filter((c) => c.exposes.includes(e.name) && !e.exposed_by_tool.includes(c.name)).map((c) => c.name)
      return more.length ? { ...e, exposed_by_tool: [...e.exposed_by_tool, ...more] } : e
    })
    return {
      entities: list,
      entity_count: list.length,
      error_codes: ERROR_CODES.map((code) => ({ code, description: codeDescriptions[code] })),
    }
  },
})
