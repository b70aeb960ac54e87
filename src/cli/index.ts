import { Command } from 'commander'
import { SERVER_VERSION } from '../kernel/version'
import { serveCommand } from './serve'
import { seedDemoCommand } from './seed-demo'
import { migrateCommand } from './migrate'
import { tenantCommand } from './tenant'
import { keysCommand } from './keys'
import { planCommand } from './plan'
import { jobsCommand } from './jobs'
import { billingCommand } from './billing'
import { usersCommand } from './users'
import { teamsCommand } from './teams'
import { costCentersCommand } from './cost-centers'
import { officesCommand } from './offices'
import { webhooksCommand } from './webhooks'
import { backupCommand } from './backup'
import { restoreCommand } from './restore'
import { auditCommand } from './audit'
import { schedulesCommand } from './schedules'
import { absencesCommand } from './absences'
import { correctionsCommand } from './corrections'
import { ratesCommand } from './rates'
import { settingsCommand } from './settings'
import { categoriesCommand } from './categories'
import { agentCommand } from './agent'

export function buildCli(): Command {
  return new Command('workforce')
    .description('Workforce monitoring appliance: MCP server, REST API and webhooks over an embedded database.')
    .version(SERVER_VERSION, '-v, --version')
    .addCommand(serveCommand)
    .addCommand(seedDemoCommand)
    .addCommand(migrateCommand)
    .addCommand(tenantCommand)
    .addCommand(keysCommand)
    .addCommand(planCommand)
    .addCommand(jobsCommand)
    .addCommand(billingCommand)
    .addCommand(usersCommand)
    .addCommand(teamsCommand)
    .addCommand(costCentersCommand)
    .addCommand(officesCommand)
    .addCommand(webhooksCommand)
    .addCommand(backupCommand)
    .addCommand(restoreCommand)
    .addCommand(auditCommand)
    .addCommand(schedulesCommand)
    .addCommand(absencesCommand)
    .addCommand(correctionsCommand)
    .addCommand(ratesCommand)
    .addCommand(settingsCommand)
    .addCommand(categoriesCommand)
    .addCommand(agentCommand)
    .addCommand(new Command('version').description('Print the version.').action(() => console.log(SERVER_VERSION)))
    .showHelpAfterError()
}
