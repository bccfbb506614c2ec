// Row ↔ record conversions shared by the PostgreSQL adapters: the ports speak ISO 8601 strings,
// the tables use timestamptz.
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function isoRequired(value: Date | string): string {
  return iso(value)!;
}
