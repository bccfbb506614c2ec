// Scopes (interface spec, section 5.2).
export const SCOPES = ['catalog:read', 'projects:read', 'shortlist:write'] as const;
export type Scope = (typeof SCOPES)[number];

/** Plain-words description of each scope, shown on consent and token pages. */
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'catalog:read': 'Search the catalogue and read records (bounded, counts against your limits)',
  'projects:read': 'See the names of projects you are a member of',
  'shortlist:write': 'Save catalogue items to collections you own or may edit',
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Parses a space-separated OAuth scope string; unknown scopes are returned separately. */
export function parseScopeString(value: string): { scopes: Scope[]; unknown: string[] } {
  const scopes: Scope[] = [];
  const unknown: string[] = [];
  for (const part of value.split(' ').filter(Boolean)) {
    if (isScope(part)) {
      if (!scopes.includes(part)) scopes.push(part);
    } else unknown.push(part);
  }
  return { scopes, unknown };
}
