// Reads the CLI's stored documents (./credential-schemas.ts) without loading zod, for the
// shapes the CLI itself writes: every key known and of its type. Each reader gives exactly what
// the schema's parse gives (the schema's keys, in its order, nested objects and arrays copied)
// or undefined, and the caller then asks the schema, which decides as it always did.
// test/cli-credential-shapes.test.ts compares the two.
import type { z } from 'zod';
import type { FileDocument, Settings, StoredCredential } from './credential-schemas.js';

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v) && !Object.hasOwn(v, '__proto__');
const isString = (v: unknown): v is string => typeof v === 'string';
const nonEmpty = (v: unknown) => isString(v) && v.length > 0;
const stringOrNull = (v: unknown) => v === null || isString(v);
const strings = (v: unknown) => Array.isArray(v) && v.every(isString);

/** An object with only these keys, each valid, the required ones present: copied in this order. */
function shaped(value: unknown, checks: Record<string, (v: unknown) => unknown>, required: readonly string[] = []): Plain | undefined {
  if (!isPlain(value)) return undefined;
  for (const key in value) if (!Object.hasOwn(checks, key)) return undefined;
  const out: Plain = {};
  for (const [key, check] of Object.entries(checks)) {
    if (!(key in value)) {
      if (required.includes(key)) return undefined;
      continue;
    }
    const checked = check(value[key]);
    if (checked === undefined || checked === false) return undefined;
    out[key] = checked === true ? value[key] : checked;
  }
  return out;
}

/** A record of `each` values, copied (undefined when one is not). */
function record(value: unknown, each: (v: unknown) => unknown): Plain | undefined {
  if (!isPlain(value)) return undefined;
  const out: Plain = {};
  for (const key in value) {
    const checked = each(value[key]);
    if (checked === undefined || checked === false) return undefined;
    out[key] = checked === true ? value[key] : checked;
  }
  return out;
}

const copyStrings = (v: unknown) => (strings(v) ? [...(v as string[])] : undefined);
const timedToken = (v: unknown) => shaped(v, { accessToken: nonEmpty, expiresAt: stringOrNull }, ['accessToken', 'expiresAt']);

const STORED = {
  kind: (v: unknown) => v === 'agent' || v === 'oauth',
  accessToken: nonEmpty,
  expiresAt: stringOrNull,
  refreshToken: nonEmpty,
  refreshExpiresAt: stringOrNull,
  scopes: copyStrings,
  account: (v: unknown) => shaped(v, { email: isString, name: isString }),
  clientId: isString,
  tokenEndpoint: isString,
  revocationEndpoint: isString,
  resources: copyStrings,
  resourceTokens: (v: unknown) => record(v, timedToken),
  savedAt: isString,
};

export function plainStoredCredential(value: unknown): z.infer<typeof StoredCredential> | undefined {
  return shaped(value, STORED, ['kind', 'accessToken', 'expiresAt']) as z.infer<typeof StoredCredential> | undefined;
}

export function plainSettings(value: unknown): z.infer<typeof Settings> | undefined {
  const s = shaped(value, {
    version: (v: unknown) => v === 1,
    currentServer: isString,
    storedIn: (v: unknown) => record(v, (x) => x === 'keyring' || x === 'file'),
    fileReason: (v: unknown) => record(v, (x) => x === 'insecure-storage' || x === 'env' || x === 'no-keychain'),
  }, ['version']);
  if (!s) return undefined;
  // The schema's defaults, in its key order.
  return { version: 1, ...(s.currentServer !== undefined ? { currentServer: s.currentServer } : {}), storedIn: s.storedIn ?? {}, fileReason: s.fileReason ?? {} } as z.infer<typeof Settings>;
}

export function plainFileDocument(value: unknown): z.infer<typeof FileDocument> | undefined {
  return shaped(value, { version: (v: unknown) => v === 1, servers: (v: unknown) => record(v, () => true) }, ['version', 'servers']) as z.infer<typeof FileDocument> | undefined;
}

type Schemas = typeof import('./credential-schemas.js');
let schemas: Promise<Schemas> | undefined;
/** The zod schemas, loaded on first use. */
export function credentialSchemas(): Promise<Schemas> {
  schemas ??= import('./credential-schemas.js');
  return schemas;
}
