import { EVENT_CATALOG, TEST_EVENT, TEST_EVENT_SPEC, isHighFrequency, type EventSpec } from './catalog'
import { EVENT_NAMES } from './event-names'

/** JSON Schema of the envelope around one event's payload. */
function envelope(name: string, spec: EventSpec): Record<string, unknown> {
  return {
    type: 'object',
    required: ['id', 'event', 'timestamp', 'tenant', 'data'],
    properties: {
      id: { type: 'string', pattern: '^evt_', description: 'Event id; also the webhook-id header. De-duplicate on it.' },
      event: { type: 'string', const: name },
      timestamp: { type: 'string', format: 'date-time', description: 'When the change happened (ISO 8601 UTC)' },
      tenant: { type: 'string', description: 'Tenant slug' },
      data: JSON.parse(JSON.stringify(spec.payload)) as Record<string, unknown>,
    },
  }
}

const HEADERS = {
  'X-Service-Signature': 'sha256=<hex HMAC-SHA256 of the raw body, keyed with the whole whsec_ secret string>',
  'X-Service-Event': 'The event name',
  'X-Service-Delivery': 'Delivery id (one per event and subscription; the same on retries)',
  'webhook-id': 'Standard Webhooks: the evt_ id',
  'webhook-timestamp': 'Standard Webhooks: Unix seconds of this attempt',
  'webhook-signature': 'Standard Webhooks: v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}", keyed with the base64-decoded secret after whsec_>',
}

function operation(name: string, spec: EventSpec) {
  const hf = isHighFrequency(name) ? ' High-frequency: sent only when the subscription names it or its group pattern.' : ''
  return {
    post: {
      operationId: `webhook_${name.replaceAll('.', '_')}`,
      summary: name,
      description: `${spec.description}${hf}`,
      tags: ['webhooks'],
      parameters: Object.entries(HEADERS).map(([header, description]) => ({
        name: header,
        in: 'header',
        required: true,
        description,
        schema: { type: 'string' },
      })),
      requestBody: { required: true, content: { 'application/json': { schema: envelope(name, spec) } } },
      responses: {
        '2XX': {
          description:
            'Received. Anything else (3xx included, never followed) is retried after about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h; 410 disables the subscription.',
        },
      },
    },
  }
}

/** The OpenAPI 3.1 `webhooks` object: what this server POSTs to subscribers, one entry per event. */
export function webhooksOpenApi(): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const name of EVENT_NAMES) out[name] = operation(name, EVENT_CATALOG[name])
  out[TEST_EVENT] = operation(TEST_EVENT, TEST_EVENT_SPEC)
  return out
}
