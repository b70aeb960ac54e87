import { Elysia, t, type AnyElysia } from 'elysia'
import type { Runtime } from '../runtime'
import { renderDocsPage } from './docs-page'
import { buildOpenApiDocument, type OpenApiDocument } from './openapi-document'
import { toPostmanCollection } from './postman'

const meta = (operationId: string, summary: string, description: string) => ({ detail: { operationId, summary, description, tags: ['meta'] } })

/**
 * /api/v1/openapi.json, /api/v1/docs and /api/v1/postman.json. The document is generated from
 * the routes of the running app (captured at start), so it lists exactly what the server answers.
 */
export function restDocsRoutes(rt: Runtime) {
  let root: AnyElysia | null = null
  let cached: OpenApiDocument | null = null
  const documentOf = (fallback: AnyElysia): OpenApiDocument => (cached ??= buildOpenApiDocument(root ?? fallback, rt.config))
  const plugin: AnyElysia = new Elysia({ name: 'rest-docs' })
    .onStart((app) => {
      root = app
      cached = null
    })
    .get('/openapi.json', () => documentOf(plugin), {
      ...meta('get_openapi_document', 'OpenAPI 3.1 document', 'This API as an OpenAPI 3.1 document, generated from the same schemas that validate requests.'),
      response: { 200: t.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1 document' }) },
    })
    .get(
      '/docs',
      ({ set }) => {
        set.headers['content-type'] = 'text/html; charset=utf-8'
        return renderDocsPage(documentOf(plugin))
      },
      {
        detail: {
          ...meta('get_docs_page', 'API documentation', 'A readable page of every endpoint, parameter, response and error, rendered from the OpenAPI document.')
            .detail,
          'x-produces': 'text/html',
        },
        response: { 200: t.String({ description: 'HTML page' }) },
      },
    )
    .get(
      '/postman.json',
      ({ set }) => {
        set.headers['content-disposition'] = 'attachment; filename="workforce-rest-api.postman_collection.json"'
        return toPostmanCollection(documentOf(plugin))
      },
      {
        ...meta(
          'get_postman_collection',
          'Postman collection',
          'A Postman v2.1 collection generated from the OpenAPI document: import it, set {{token}} to your wf_api_ token.',
        ),
        response: { 200: t.Object({}, { additionalProperties: true, description: 'Postman collection v2.1' }) },
      },
    )
  return plugin
}
