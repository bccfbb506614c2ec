// Row ↔ record conversions shared by the PostgreSQL adapters. Columns are the snake_case of the
// record fields (migrations/*.sql), timestamps are timestamptz (the ports speak ISO 8601
// strings), and `seq` only keeps insertion order.
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
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

/** A row read as to_jsonb(): timestamps are strings with the database's offset, normalised to ISO (Z). */
export function fromJsonRow<T>(row: Record<string, unknown>): T {
  const record = recordFromRow<Record<string, unknown>>(row);
  for (const [k, v] of Object.entries(record)) {
    if (typeof v === 'string' && /At$/.test(k) && /^\d{4}-\d{2}-\d{2}T/.test(v)) record[k] = new Date(v).toISOString();
  }
  return record as T;
}

export const toColumnName = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * INSERT of a whole record: every field becomes its snake_case column, and PostgreSQL converts
 * the JSON values to the column types (jsonb_populate_record over the table's row type). A field
 * the table has no column for fails loudly (42703) instead of being dropped silently, so a port
 * that grows a field cannot lose data here. `suffix` may add ON CONFLICT … / RETURNING ….
 */
export function insertStatement(table: string, record: object, suffix = ''): [string, unknown[]] {
  const fields = Object.keys(record);
  const columns = fields.map(toColumnName).join(', ');
  const row = Object.fromEntries(fields.map((f) => [toColumnName(f), (record as Record<string, unknown>)[f]]));
  return [`INSERT INTO ${table} (${columns}) SELECT ${columns} FROM jsonb_populate_record(NULL::${table}, $1::jsonb) ${suffix}`, [JSON.stringify(row)]];
}

/**
 * Last-use times, batched by the caller (src/server/auth/last-used.ts): one statement per
 * batch, the newest time per id, and never a move backwards. `table` is one of ours, never input.
 */
export function lastUsedUpdate(table: string, updates: readonly { id: string; lastUsedAt: string }[]): [string, unknown[]] {
  const newest = new Map<string, string>();
  for (const u of updates) {
    const prev = newest.get(u.id);
    if (!prev || Date.parse(prev) < Date.parse(u.lastUsedAt)) newest.set(u.id, u.lastUsedAt);
  }
  return [
    `UPDATE ${table} AS t SET last_used_at = u.at FROM unnest($1::text[], $2::timestamptz[]) AS u(id, at)
      WHERE t.id = u.id AND (t.last_used_at IS NULL OR t.last_used_at < u.at)`,
    [[...newest.keys()], [...newest.values()]],
  ];
}
