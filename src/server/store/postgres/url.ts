// The database URL as it may be shown (logs, errors, reports): without its password. Its own
// file so that code that only names a database does not load the PostgreSQL client.
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}
