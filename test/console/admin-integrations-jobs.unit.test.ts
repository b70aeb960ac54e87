import { describe, expect, test } from 'bun:test'
import { errorOfTenant } from '../../src/surfaces/list-scheduled-jobs'

describe("a job's last error as one company's admin sees it", () => {
  const error = 'ACME-1: disk full; ACME-12 2026-11-20: no rate; ACME-1 2026-11-21: timeout'
  test('only the lines of that company, per tick and per day', () => {
    expect(errorOfTenant(error, 'ACME-1')).toBe('ACME-1: disk full; ACME-1 2026-11-21: timeout')
    expect(errorOfTenant(error, 'ACME-12')).toBe('ACME-12 2026-11-20: no rate')
  })
  test('another company sees nothing; no error is null', () => {
    expect(errorOfTenant(error, 'OTHER-3')).toBeNull()
    expect(errorOfTenant(null, 'ACME-1')).toBeNull()
  })
})
