// The sign-in form's CSRF defence (login CSRF: a page that signs a victim into the attacker's
// account). The form has no session yet, so it is bound to a pre-session cookie, and both are
// tied to a server secret shared by every host (store.serverSecrets), in the manner of OWASP's
// "signed double-submit cookie":
//   cookie  rcat_signin = id HMAC(secret, "pre-session:" id)   (only this server can make one;
//                         id is ID_LENGTH base64url characters, the MAC follows)
//   field   csrf        = HMAC(secret, "sign-in-form:" id)          (only this server can derive it)
// A cookie planted by someone else (a sibling subdomain, a man-in-the-middle on plain http) is not
// signed, so it is ignored and replaced; a form value copied without its cookie does not match.
// The same-origin check on every form POST (src/server/web/csrf.ts) is the other line.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ServerSecretStore } from '../store/ports/server-secrets.js';

const SECRET_NAME = 'sign-in-form';
/** 24 random bytes in base64url. */
const ID_LENGTH = 32;

export class SignInFormTokens {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly secrets: ServerSecretStore,
    private readonly now: () => Date,
  ) {}

  private secret(): Promise<Buffer> {
    // Read once per process; a failure (store down) is not remembered.
    this.key ??= this.secrets.getOrCreate(SECRET_NAME, () => randomBytes(32).toString('base64url'), this.now()).then(
      (value) => Buffer.from(value, 'base64url'),
      (error: unknown) => {
        this.key = null;
        throw error;
      },
    );
    return this.key;
  }

  private async mac(purpose: string, id: string): Promise<string> {
    return createHmac('sha256', await this.secret()).update(`${purpose}:${id}`).digest('base64url');
  }

  /** The pre-session id of a cookie this server signed, or null. */
  private async idOf(cookie: string | undefined): Promise<string | null> {
    if (!cookie || cookie.length <= ID_LENGTH) return null;
    const id = cookie.slice(0, ID_LENGTH);
    return same(cookie.slice(ID_LENGTH), await this.mac('pre-session', id)) ? id : null;
  }

  /** The cookie to (re)set and the form value for a sign-in form: the cookie's own when it is ours, else a new pre-session. */
  async issue(cookie: string | undefined): Promise<{ cookie: string; field: string }> {
    let id = await this.idOf(cookie);
    if (!id) id = randomBytes(24).toString('base64url');
    return { cookie: `${id}${await this.mac('pre-session', id)}`, field: await this.mac('sign-in-form', id) };
  }

  /** Whether a posted form value belongs to the pre-session cookie that came with it. */
  async matches(cookie: string | undefined, field: string | undefined): Promise<boolean> {
    const id = await this.idOf(cookie);
    return id !== null && field !== undefined && same(field, await this.mac('sign-in-form', id));
  }
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}
