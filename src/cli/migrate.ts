import { Command } from 'commander'
import { dataOption, withRuntime, type DataOpts } from './common'

export const migrateCommand = new Command('migrate')
  .description('Create or upgrade the database in the data directory (serve does this too).')
  .addOption(dataOption())
  .action((opts: DataOpts) =>
    withRuntime(opts, (rt) => {
      console.log(`migrations: ${rt.migration.applied} applied, ${rt.migration.total} known; database ${rt.config.dataDir}/workforce.db is up to date`)
    }),
  )
