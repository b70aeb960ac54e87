import { Command } from 'commander'
import { join } from 'node:path'
import { databaseFile, loadConfig } from '../kernel/config'
import { scheduledBackupName } from '../modules/backup/scheduled'
import { takeSnapshot } from '../modules/backup/snapshot'
import { dataOption, printJson, type DataOpts } from './common'

interface BackupOpts extends DataOpts {
  to?: string
  secret: boolean
  json?: boolean
}

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

export const backupCommand = new Command('backup')
  .description('Take a consistent online snapshot of the database (the server may keep running).')
  .option('--to <file>', 'backup file to write (default: ./workforce-<UTC stamp>.db); never overwritten')
  .option('--no-secret', 'do not copy instance.secret to FILE.secret (keep it safe some other way)')
  .option('--json', 'print JSON')
  .addOption(dataOption())
  .action((opts: BackupOpts) => {
    // No runtime: a backup opens one read connection and never migrates or writes the database.
    const config = loadConfig({ dataDir: opts.data, logLevel: 'warn' })
    const target = opts.to ?? join(process.cwd(), scheduledBackupName(Date.now()))
    const result = takeSnapshot(databaseFile(config), target, { withSecret: opts.secret })
    if (opts.json) return printJson({ file: result.file, bytes: result.bytes, ms: result.ms, secret_file: result.secretFile })
    console.log(`backup: ${result.file} (${mb(result.bytes)}, ${result.ms} ms, quick_check ok)`)
    if (result.secretFile)
      console.log(
        `instance secret: ${result.secretFile} (mode 600). Restore needs it; store it apart from the backup if a leaked backup must not reveal encrypted secrets.`,
      )
    else console.log(`no instance secret copied: keep ${config.dataDir}/instance.secret with this backup, or encrypted values cannot be read after a restore.`)
  })
