// Entity IDs: "<type>:<uuid>" (interface spec, section 2 "Entity ID").
export const ENTITY_TYPES = ['equipment', 'laboratory', 'technique'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const ENTITY_ID_PATTERN =
  /^(equipment|laboratory|technique):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ParsedEntityId {
  type: EntityType;
  uuid: string;
}

/** Parses an entity ID; returns null when it does not match the spec's pattern exactly. */
export function parseEntityId(value: string): ParsedEntityId | null {
  if (!ENTITY_ID_PATTERN.test(value)) return null;
  const colon = value.indexOf(':');
  return { type: value.slice(0, colon) as EntityType, uuid: value.slice(colon + 1) };
}

export function formatEntityId(type: EntityType, uuid: string): string {
  return `${type}:${uuid}`;
}
