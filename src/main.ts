import { buildCli } from './cli/index'
import { reportCliError } from './cli/common'

// The single entry point of the `workforce` binary.
buildCli().parseAsync(process.argv).catch(reportCliError)
