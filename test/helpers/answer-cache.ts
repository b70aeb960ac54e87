import parsePrometheusTextFormat from 'parse-prometheus-text-format'

/**
 * One operation's REST answer-cache counts by result, read from a GET /metrics body
 * (`workforce_rest_answer_cache_total{operation,result}`, surfaces/metrics.ts); 0 where none yet.
 */
export function answerCacheCounts(metricsText: string, operation: string): Record<'hit' | 'computed' | 'joined', number> {
  const family = parsePrometheusTextFormat(metricsText).find((f) => f.name === 'workforce_rest_answer_cache_total')
  const of = (result: string) => Number(family?.metrics.find((m) => m.labels?.operation === operation && m.labels?.result === result)?.value ?? 0)
  return { hit: of('hit'), computed: of('computed'), joined: of('joined') }
}
