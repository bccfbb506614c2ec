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

/** RFC 6749 section 3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ). */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

export type ScopeCheck<T extends string = Scope> = { ok: true; scopes: T[] } | { ok: false; problem: string };

/**
 * A list of scopes, strictly: each value one scope token, none repeated, and (unless
 * `unknownAllowed`) each one of SCOPES. Used for lists given one value per field (a web form's
 * checkboxes, repeated `--scope` options) and, through parseScopeString, for OAuth's
 * space-delimited `scope`. Nothing is silently fixed: a duplicate, an empty, malformed or unknown
 * scope is refused with the reason, so what is granted is exactly what was asked for.
 */
export function checkScopes(values: readonly string[], options: { unknownAllowed: true }): ScopeCheck<string>;
export function checkScopes(values: readonly string[], options?: { unknownAllowed?: false }): ScopeCheck;
export function checkScopes(values: readonly string[], options: { unknownAllowed?: boolean } = {}): ScopeCheck<string> {
  const scopes: string[] = [];
  for (const value of values) {
    if (value === '') return { ok: false, problem: 'a scope is empty (a leading, trailing or doubled space?)' };
    if (!SCOPE_TOKEN.test(value)) return { ok: false, problem: `"${shown(value)}" is not one scope (a scope has no spaces, quotes or backslashes)` };
    if (!options.unknownAllowed && !isScope(value)) return { ok: false, problem: `"${shown(value)}" is not a scope of this server (${SCOPES.join(', ')})` };
    if (scopes.includes(value)) return { ok: false, problem: `"${value}" is given twice` };
    scopes.push(value);
  }
  return { ok: true, scopes };
}

/**
 * An OAuth `scope` value (RFC 6749 section 3.3: `scope-token *( SP scope-token )`): split on
 * single spaces, so a leading, trailing or doubled space makes an empty token and is refused,
 * like a repeated or unknown scope (see checkScopes).
 */
export function parseScopeString(value: string, options: { unknownAllowed: true }): ScopeCheck<string>;
export function parseScopeString(value: string, options?: { unknownAllowed?: false }): ScopeCheck;
export function parseScopeString(value: string, options: { unknownAllowed?: boolean } = {}): ScopeCheck<string> {
  return checkScopes(value.split(' '), options as { unknownAllowed?: false });
}

/** A value as it may appear in an error message: at most 60 characters, control characters escaped. */
function shown(value: string): string {
  return JSON.stringify(value.slice(0, 60)).slice(1, -1);
}
