/**
 * issue 18: a tool's result is checked against its output schema under test only, as REST answers
 * are (rest-validation.ts CHECK_RESPONSES): strictly, the schema's own check and no field it does
 * not declare. In production the check is off (null), its ~35 µs a team hours call saved.
 */
import { describe, expect, test } from 'bun:test'
import { mcpTools } from '../../src/surfaces/mcp-tools'

describe('MCP tool results checked under test', () => {
  const tool = mcpTools(true).get('get_productivity_overview')!
  const good = {
    user_id: '3f1e0c1a-2b3c-4d5e-8f90-123456789abc',
    user_name: 'Ada Lovelace',
    score: 80,
    productiveSeconds: 3600,
    totalSeconds: 4500,
    neutral_seconds: 600,
    unproductive_seconds: 300,
    idle_seconds: 120,
    days_with_data: 2,
    period_applied: 'this_week',
    week_start: '2026-11-23',
    week_end: '2026-11-29',
    data_availability: 'available',
    privacy_note: 'Category-based only.',
  }

  test('every tool carries the check while tests run (NODE_ENV=test)', () => {
    expect(process.env.NODE_ENV).toBe('test')
    for (const t of mcpTools(true).values()) expect(t.outputProblems).not.toBeNull()
  })

  test('a result of the schema passes; a wrong type, a missing field or an undeclared field is named', () => {
    const check = tool.outputProblems!
    expect(check(good)).toBeNull()
    expect(check({ ...good, score: 'high' })?.join(' ')).toContain('/score')
    const { privacy_note: _dropped, ...missing } = good
    expect(check(missing)?.join(' ')).toContain('/privacy_note')
    expect(check({ ...good, internal_user_row: { password_hash: 'x' } })).toEqual(['a field the output schema does not declare'])
  })
})
