import { t } from 'elysia'
import { defineOperation } from '../../kernel/operation'
import { EVENT_CATALOG, TEST_EVENT, TEST_EVENT_SPEC, eventGroup, isHighFrequency } from './catalog'
import { EVENT_NAMES } from './event-names'
import { SELECTION_RULES } from './selection'

const EventType = t.Object({
  name: t.String(),
  group: t.String({ description: 'First name segment; `group.*` selects the whole group' }),
  description: t.String(),
  high_frequency: t.Boolean({ description: 'Delivered only when the subscription names it or its group pattern' }),
  default_selected: t.Boolean({ description: 'Part of the default selection (events omitted)' }),
  payload_schema: t.Unknown({ description: 'JSON Schema of the envelope data object' }),
})

export const listEventTypes = defineOperation({
  name: 'list_webhook_events',
  title: 'The webhook event catalogue',
  description: `The 32 events, what causes each, whether it is high-frequency, and the JSON Schema of its data payload. ${SELECTION_RULES}`,
  access: { role: 'member' },
  input: t.Object({}),
  output: t.Object({ events: t.Array(EventType), test_event: EventType, selection_rules: t.String() }),
  run() {
    const events = EVENT_NAMES.map((name) => ({
      name,
      group: eventGroup(name),
      description: EVENT_CATALOG[name].description,
      high_frequency: isHighFrequency(name),
      default_selected: !isHighFrequency(name),
      payload_schema: EVENT_CATALOG[name].payload,
    }))
    const test = {
      name: TEST_EVENT,
      group: 'webhook',
      description: TEST_EVENT_SPEC.description,
      high_frequency: false,
      default_selected: false,
      payload_schema: TEST_EVENT_SPEC.payload,
    }
    return { events, test_event: test, selection_rules: SELECTION_RULES }
  },
})
