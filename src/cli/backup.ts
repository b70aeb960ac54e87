import { Command } from 'commander'
import { join } from 'node:path'
import { databaseFile, loadConfig } from '../kernel/config'
import { scheduledBackupName } from '../modules/backup/scheduled'
import { takeSnapshot } from '../modules/backup/snapshot'
import { dataOption, printJson, type DataOpts } from './common'

interface BackupOpts extends DataOpts {
  to?: string
  withSecret?: boolean
  json?: boolean
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

export const backupCommand = new Command('backup')
  .description('Take a consistent online snapshot of the database (the server may keep running).')
  .option('--to <file>', 'backup file to write (default: ./workforce-<UTC stamp>.db); never overwritten')
  .option('--with-secret', 'also copy instance.secret to FILE.secret (mode 600); by default it stays out of backups')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: BackupOpts) => {
    // No runtime: a backup opens one read connection and never migrates or writes the database.
    const config = loadConfig({ dataDir: opts.data, logLevel: 'warn' })
    const target = opts.to ?? join(process.cwd(), scheduledBackupName(Date.now()))
    const result = takeSnapshot(databaseFile(config), target, { withSecret: opts.withSecret === true })
    if (opts.json) return printJson({ file: result.file, bytes: result.bytes, ms: result.ms, secret_file: result.secretFile })
    console.log(`backup: ${result.file} (${mb(result.bytes)}, ${result.ms} ms, quick_check ok)`)
    if (result.secretFile)
      console.log(`instance secret: ${result.secretFile} (mode 600). Whoever has both files can read the encrypted secrets: store them apart.`)
    else
      console.log(
        `instance.secret is not in the backup (by design): keep a copy of ${config.dataDir}/instance.secret somewhere safe, apart from backups; restore takes it with --secret.`,
      )
  })
