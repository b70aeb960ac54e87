import { t } from 'elysia'
import { Type, type IntegerOptions, type SchemaOptions, type TLiteral, type TSchema, type TUnion } from '@sinclair/typebox'

/** Shared wire models. Pure JSON Schema: no transforms, so one schema serves REST, MCP and docs. */
export const Id = t.String({ format: 'uuid', description: 'UUID' })
export const Instant = t.String({ format: 'date-time', description: 'ISO 8601 UTC instant ending in Z' })
export const DateOnly = t.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}$',
  description: 'Calendar date YYYY-MM-DD in the tenant time zone',
})
export const Nullable = <T extends Parameters<typeof t.Union>[0][number]>(schema: T, options?: { description?: string }) => t.Union([schema, t.Null()], options)

export const PeriodEnum = t.Union([t.Literal('today'), t.Literal('this_week'), t.Literal('last_week'), t.Literal('this_month'), t.Literal('last_month')], {
  description: 'Named period in the tenant time zone; weeks start on Monday',
})

export const RoleEnum = t.Union([t.Literal('employee'), t.Literal('manager'), t.Literal('admin'), t.Literal('owner_admin')], {
  description: 'Role: employee, manager, admin or owner_admin (OwnerAdmin)',
})

/**
 * The largest page a list serves: page × page_size stays far inside SQLite's 64-bit OFFSET, and
 * a list of more than 100 million items is not paged through by offset anyway.
 */
export const MAX_PAGE = 1_000_000

/** Query parameters every REST list accepts (decimal integers; others answer 400 naming the field). */
export const PageQuery = {
  page: t.Optional(t.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, description: `Page number, from 1 to ${MAX_PAGE}` })),
  page_size: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Items per page, at most 100' })),
}

/** How every REST list says where it is and how to get the next page. */
export const PageInfo = t.Object({
  page: t.Integer({ minimum: 1 }),
  page_size: t.Integer({ minimum: 1 }),
  total: t.Integer({ minimum: 0 }),
  has_more: t.Boolean(),
  next_page: Nullable(t.Integer({ minimum: 2, description: 'Pass as page= to get the next page; null on the last' })),
})

export const ErrorBody = t.Object(
  {
    error: t.Object({
      code: t.String({ description: 'Stable error code; see the error table' }),
      message: t.String(),
      details: t.Optional(t.Unknown()),
    }),
  },
  { description: 'Error envelope of every REST error response' },
)

export function pageInfo(page: number, pageSize: number, total: number) {
  const hasMore = page * pageSize < total
  return { page, page_size: pageSize, total, has_more: hasMore, next_page: hasMore ? page + 1 : null }
}

/** The response of every paginated REST list: the items of one page and how to get the next. */
export const Paginated = <T extends TSchema>(item: T, description?: string) =>
  t.Object({ data: t.Array(item), pagination: PageInfo }, description ? { description } : {})

/** Page number, size, offset and limit of a list request (PageQuery fields with their defaults). */
export function pageWindow(input: { page?: number; page_size?: number }) {
  const page = input.page ?? 1
  const pageSize = input.page_size ?? 20
  return { page, pageSize, offset: (page - 1) * pageSize, limit: pageSize }
}

/**
 * A plain JSON Schema integer. Elysia's t.Integer is a union that also accepts numeric strings
 * (meant for query strings); MCP arguments and outputs must be real integers, so they use this.
 */
export const Int = (options?: IntegerOptions) => Type.Integer(options)

type LiteralsOf<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K] & string> }

/**
 * A union of string literals from a constant list (the schema's own list of values, e.g.
 * AUDITED_ENTITIES), typed as that union. Unlike t.UnionEnum it carries no default, so an
 * optional filter stays absent when not given.
 */
export const Literals = <const T extends readonly [string, ...string[]]>(values: T, options?: SchemaOptions): TUnion<LiteralsOf<T>> =>
  // map() loses the tuple's element types; the schema built is exactly the declared one.
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  ) as TUnion<LiteralsOf<T>>
