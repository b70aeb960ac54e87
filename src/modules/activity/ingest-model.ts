import { t } from 'elysia'
import { Instant } from '../../kernel/schemas'
import { DAY, MINUTE, parseInstant } from '../../kernel/time'

/** Most samples one upload may carry; agents split larger backlogs into several batches. */
export const MAX_SAMPLES_PER_BATCH = 1000
/** Samples that started longer ago than this are refused one by one (reason too_old). */
export const LATE_WINDOW_DAYS = 7
/** Longest sample (agents split longer stretches); idle detection's window relies on it (idle-stretches.ts). */
export const MAX_SAMPLE_DURATION_SECONDS = 3600
/** Clock skew tolerated for samples that seem to start in the future (reason in_future). */
export const FUTURE_SKEW_MS = 5 * MINUTE

/**
 * One application-usage sample. The privacy model is in the schema: which application was in
 * front, its window class, when, for how long, and whether the user was idle. There is no field
 * for keystrokes, window titles, document content, URLs or screenshots; fields outside the
 * schema are discarded on arrival and never stored.
 */
export const ActivitySampleInput = t.Object(
  {
    application: t.String({ minLength: 1, maxLength: 200, description: 'Application name, e.g. "Visual Studio Code"' }),
    window_class: t.Optional(
      t.Union([t.String({ maxLength: 200 }), t.Null()], { description: 'Window class, bundle id or executable, e.g. "com.microsoft.VSCode"' }),
    ),
    started_at: Instant,
    duration_seconds: t.Integer({
      minimum: 1,
      maximum: MAX_SAMPLE_DURATION_SECONDS,
      description: 'Length of the sample; at most one hour (agents split longer stretches)',
    }),
    idle: t.Boolean({ description: 'true when there was no keyboard or mouse input during the sample' }),
  },
  { additionalProperties: false },
)

export const IngestSamplesInput = t.Object({
  batch_id: t.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9._:-]+$',
    description: 'Client-chosen id of this upload (e.g. a UUID). Retrying with the same id never counts twice.',
  }),
  session_id: t.Optional(t.String({ format: 'uuid', description: 'Agent session that recorded the samples; an active one is kept alive by the upload' })),
  samples: t.Array(ActivitySampleInput, { minItems: 1, maxItems: MAX_SAMPLES_PER_BATCH }),
})

export const SampleRejectionReason = t.Union([t.Literal('too_old'), t.Literal('in_future')])

export const IngestSamplesOutput = t.Object({
  batch_id: t.String(),
  received_at: Instant,
  accepted: t.Integer({ minimum: 0, description: 'Samples stored from this batch' }),
  rejected: t.Integer({ minimum: 0, description: 'Samples refused (see rejections)' }),
  rejections: t.Array(
    t.Object({
      index: t.Integer({ minimum: 0, description: 'Position of the sample in the batch' }),
      reason: SampleRejectionReason,
    }),
    { description: `too_old: started more than ${LATE_WINDOW_DAYS} days before the batch was received; in_future: starts more than 5 minutes after it` },
  ),
  duplicate: t.Boolean({ description: 'true when this batch_id was already ingested: nothing was stored again, the first result is returned' }),
})

export type SampleIn = (typeof ActivitySampleInput)['static']

export interface ScreenedSample {
  sample: SampleIn
  startedAt: number
}

/**
 * Splits a batch into the samples inside the late window and the rejections, relative to when
 * the batch was (first) received: a replay of the batch is judged exactly like the original.
 */
export function screenSamples(samples: readonly SampleIn[], receivedAt: number) {
  const accepted: ScreenedSample[] = []
  const rejections: { index: number; reason: 'too_old' | 'in_future' }[] = []
  const oldest = receivedAt - LATE_WINDOW_DAYS * DAY
  samples.forEach((sample, index) => {
    const startedAt = parseInstant(sample.started_at)
    if (startedAt < oldest) rejections.push({ index, reason: 'too_old' })
    else if (startedAt > receivedAt + FUTURE_SKEW_MS) rejections.push({ index, reason: 'in_future' })
    else accepted.push({ sample, startedAt })
  })
  return { accepted, rejections }
}
