// IDs of domain objects: a kind prefix and a random UUID (src/shared/tools.ts checks the format),
// generated here so every storage adapter stores the same values.
import { randomUUID } from 'node:crypto';

export type IdPrefix = 'prj' | 'col' | 'sli' | 'inq';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomUUID()}`;
}
