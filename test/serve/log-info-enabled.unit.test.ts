import { describe, expect, test } from 'bun:test'
import { createLogger } from '../../src/kernel/log'

// The access line is not built when info lines are not written (surfaces/observability.ts reads
// Logger.infoEnabled); the metrics it feeds are counted either way (test/serve/metrics.test.ts runs
// its server at warn).
describe('Logger.infoEnabled', () => {
  test('true where info lines are written, false at warn and above, the same in a child', () => {
    expect(createLogger('debug').infoEnabled).toBe(true)
    expect(createLogger('info').infoEnabled).toBe(true)
    expect(createLogger('info', { component: 'x' }).child({ a: 1 }).infoEnabled).toBe(true)
    expect(createLogger('warn').infoEnabled).toBe(false)
    expect(createLogger('error').infoEnabled).toBe(false)
    expect(createLogger('silent').infoEnabled).toBe(false)
    expect(createLogger('warn').child({ a: 1 }).infoEnabled).toBe(false)
  })
})
