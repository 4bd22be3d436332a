/**
 * SQLite's own error texts ("database disk image is malformed", "unable to open database file")
 * say nothing of which file or what to do; these helpers turn them into a short explanation for a
 * message that already names the file.
 */

/** A short explanation of an SQLite (or other) error for a one-line message. */
export function describeSqliteError(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  switch (typeof code === 'string' ? code.split('_').slice(0, 2).join('_') : '') {
    case 'SQLITE_CORRUPT':
      return `the file is damaged (SQLite: ${message}); copy or generate it again`;
    case 'SQLITE_NOTADB':
      return 'not an SQLite database';
    case 'SQLITE_CANTOPEN':
      return `SQLite cannot open it (${message})`;
    case 'SQLITE_IOERR':
      return `read error (SQLite: ${message})`;
    default:
      return message.startsWith('no such table: ')
        ? `incomplete: ${message.replace('no such table: ', 'table ')} is missing`
        : message;
  }
}

/** True for errors of SQLite itself (better-sqlite3's SqliteError carries an `SQLITE_…` code). */
export function isSqliteError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_');
}
