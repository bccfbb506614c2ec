// Row ↔ record conversions shared by the PostgreSQL adapters. Columns are the snake_case of the
// record fields (migrations/*.sql), timestamps are timestamptz (the ports speak ISO 8601
// strings), and `seq` only keeps insertion order.
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function isoRequired(value: Date | string): string {
  return iso(value)!;
}

export const toField = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A row as the port's record: camelCase fields, dates as ISO strings, no `seq`. */
export function recordFromRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (column === 'seq') continue;
    out[toField(column)] = value instanceof Date ? value.toISOString() : value;
  }
  return out as T;
}
