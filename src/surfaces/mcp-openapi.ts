import { DEFAULT_PROTOCOL_VERSION, SERVER_NAME, SERVER_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '../kernel/version'
import { mcpOperations } from './mcp-registry'

/**
 * The OpenAPI 3.1.0 description of the MCP interface, served keyless at /api/mcp/v1/openapi.json
 * (where the hosted service serves it): the JSON-RPC endpoint (mcpJsonRpc), the tool listing
 * (listTools) and the health check (health). The tools themselves are described by tools/list and
 * GET /tools (their inputSchema and outputSchema); their names are listed here under x-mcp-tools.
 */
export function mcpOpenApiDocument(publicUrl: string, description: string) {
  const base = `${publicUrl.replace(/\/+$/, '')}/api/mcp/v1`
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
  const jsonRpc = (status: string) => ({
    description: status,
    content: { 'application/json': { schema: ref('JsonRpcError') } },
  })
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workforce MCP server',
      version: SERVER_VERSION,
      description: `${description} Protocol ${DEFAULT_PROTOCOL_VERSION} (also ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')}); server ${SERVER_NAME} ${SERVER_VERSION}.`,
    },
    servers: [{ url: base, description: 'This server' }],
    security: [{ bearerAuth: [] }],
    tags: [{ name: 'mcp', description: 'Model Context Protocol (JSON-RPC 2.0 over Streamable HTTP)' }],
    paths: {
      '/': {
        post: {
          operationId: 'mcpJsonRpc',
          tags: ['mcp'],
          summary: 'MCP JSON-RPC endpoint (Streamable HTTP)',
          description:
            'One JSON-RPC 2.0 message per request (a batch array under protocol 2025-03-26). Methods: initialize, ping, tools/list, tools/call, notifications/initialized. initialize answers an Mcp-Session-Id header to send on later requests. Without a key only get_capabilities, get_pricing_and_plans and start_free_trial can be called.',
          parameters: [
            { name: 'Mcp-Session-Id', in: 'header', required: false, description: 'Session id returned by initialize', schema: { type: 'string' } },
            { name: 'MCP-Protocol-Version', in: 'header', required: false, schema: { type: 'string', enum: [...SUPPORTED_PROTOCOL_VERSIONS] } },
          ],
          security: [{ bearerAuth: [] }, {}],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { oneOf: [ref('JsonRpcRequest'), { type: 'array', items: ref('JsonRpcRequest'), minItems: 1 }] },
              },
            },
          },
          responses: {
            '200': {
              description: 'JSON-RPC response (or an array for a batch); as text/event-stream when the client accepts only that',
              content: {
                'application/json': { schema: { oneOf: [ref('JsonRpcResponse'), { type: 'array', items: ref('JsonRpcResponse') }] } },
                'text/event-stream': { schema: { type: 'string' } },
              },
            },
            '202': { description: 'Only notifications or responses were sent: nothing to answer' },
            '400': jsonRpc('Parse error, invalid request, unsupported protocol version or batch not allowed'),
            '401': jsonRpc('The key is present but not valid'),
            '403': jsonRpc('Host or Origin not allowed'),
            '404': jsonRpc('Session not found: initialize again'),
            '406': jsonRpc('Accept allows neither application/json nor text/event-stream'),
            '415': jsonRpc('Content-Type is not application/json'),
          },
        },
        delete: {
          operationId: 'endMcpSession',
          tags: ['mcp'],
          summary: 'End an MCP session',
          parameters: [{ name: 'Mcp-Session-Id', in: 'header', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'Session ended' }, '400': jsonRpc('No Mcp-Session-Id header'), '404': jsonRpc('Session not found') },
        },
      },
      '/tools': {
        get: {
          operationId: 'listTools',
          tags: ['mcp'],
          summary: 'List every tool with its schemas (no key needed)',
          security: [],
          responses: { '200': { description: 'The tools and the server meta', content: { 'application/json': { schema: ref('ToolList') } } } },
        },
      },
      '/health': {
        get: {
          operationId: 'health',
          tags: ['mcp'],
          summary: 'Health of the MCP server (liveness, no key needed)',
          security: [],
          responses: { '200': { description: 'The server is up', content: { 'application/json': { schema: ref('Health') } } } },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'mcpOpenApi',
          tags: ['mcp'],
          summary: 'This document (no key needed)',
          security: [],
          responses: { '200': { description: 'OpenAPI 3.1.0 document', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
      '/change-plan': {
        get: {
          operationId: 'changePlanGuide',
          tags: ['mcp'],
          summary: 'How to change plan on this appliance (upgrade_url of get_pricing_and_plans; no key needed)',
          security: [],
          responses: { '200': { description: "The operator's command and steps", content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'wf_live_… (production) or wf_demo_… (demo) key' } },
      schemas: {
        JsonRpcRequest: {
          type: 'object',
          required: ['jsonrpc', 'method'],
          properties: {
            jsonrpc: { const: '2.0' },
            id: { type: ['string', 'integer'], description: 'Absent on notifications' },
            method: { type: 'string', examples: ['initialize', 'ping', 'tools/list', 'tools/call'] },
            params: { type: 'object' },
          },
        },
        JsonRpcResponse: { oneOf: [ref('JsonRpcResult'), ref('JsonRpcError')] },
        JsonRpcResult: {
          type: 'object',
          required: ['jsonrpc', 'id', 'result'],
          properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, result: { type: 'object' } },
        },
        JsonRpcError: {
          type: 'object',
          required: ['jsonrpc', 'id', 'error'],
          properties: {
            jsonrpc: { const: '2.0' },
            id: { type: ['string', 'integer', 'null'] },
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
            },
          },
        },
        ToolDescriptor: {
          type: 'object',
          required: ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'],
          properties: {
            name: { type: 'string' },
            title: { type: 'string' },
            description: { type: 'string' },
            inputSchema: { type: 'object', description: 'JSON Schema of the arguments' },
            outputSchema: { type: 'object', description: 'JSON Schema of structuredContent' },
            annotations: {
              type: 'object',
              properties: {
                title: { type: 'string' },
                readOnlyHint: { type: 'boolean' },
                destructiveHint: { type: 'boolean' },
                idempotentHint: { type: 'boolean' },
                openWorldHint: { type: 'boolean' },
              },
            },
          },
        },
        ToolList: {
          type: 'object',
          required: ['tools', 'meta'],
          properties: {
            tools: { type: 'array', items: ref('ToolDescriptor') },
            meta: {
              type: 'object',
              required: ['server', 'version', 'protocol', 'description'],
              properties: { server: { type: 'string' }, version: { type: 'string' }, protocol: { type: 'string' }, description: { type: 'string' } },
            },
          },
        },
        Health: {
          type: 'object',
          required: ['status', 'version'],
          properties: { status: { type: 'string', enum: ['ok', 'degraded'] }, version: { type: 'string' } },
        },
      },
    },
    'x-mcp-tools': mcpOperations().map((op) => op.name),
  }
}
