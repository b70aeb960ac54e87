import { addTimeEntry } from '../modules/time-tracking/add-time-entry'
import { correctTimeEntry } from '../modules/time-tracking/correct-time-entry'
import { listTimeCorrections } from '../modules/time-tracking/list-time-corrections'
import { commandGroup, operationCommand } from './operation-command'

type Shown = {
  correction: {
    kind: string
    work_date: string
    after: { clock_in_at: string; clock_out_at: string; worked_seconds: number }
    adjustment: { seconds: number; lands_on: string } | null
  }
}

const shown = ({ correction: c }: Shown) =>
  `Entry ${c.kind} on ${c.work_date}: ${c.after.clock_in_at} to ${c.after.clock_out_at} (${(c.after.worked_seconds / 3600).toFixed(2)} h).` +
  (c.adjustment
    ? ` The period is closed: ${(c.adjustment.seconds / 3600).toFixed(2)} h are paid as an adjustment in the period of ${c.adjustment.lands_on}.`
    : '')

export const correctionsCommand = commandGroup('corrections', "Add or correct people's time entries with a reason; list corrections.", [
  operationCommand({ name: 'add', op: addTimeEntry, print: shown }),
  operationCommand({ name: 'edit', op: correctTimeEntry, args: ['time_log_id'], print: shown }),
  operationCommand({ name: 'list', op: listTimeCorrections }),
])
