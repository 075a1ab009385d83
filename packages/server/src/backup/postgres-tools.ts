/**
 * What `backup` and `restore` say when the settings name PostgreSQL: its own tools do it better
 * (pg_dump reads a consistent snapshot while the servers run). The URL is written as
 * "$DATABASE_URL", never spelled out: it may carry the database password.
 */
export function postgresToolsAdvice(command: 'backup' | 'restore'): string {
  return [
    `vestibule-server ${command} is for the embedded database; these settings name a PostgreSQL database (DATABASE_URL). Use PostgreSQL's tools:`,
    "  Back up (while the servers run: a consistent snapshot; pg_dump of the server's major version or later):",
    '    pg_dump --format=custom --file=vestibule.dump "$DATABASE_URL"',
    '  Restore into a new, empty database (then point DATABASE_URL at it):',
    '    pg_restore --no-owner --single-transaction --dbname="$DATABASE_URL" vestibule.dump',
    '  or over the database the servers use, with every server stopped:',
    '    pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" vestibule.dump',
    'The dump holds password hashes and sealed keys: keep it private (umask 077). The server secret is not in it: the restored database needs the same VESTIBULE_SECRET.',
  ].join('\n');
}
