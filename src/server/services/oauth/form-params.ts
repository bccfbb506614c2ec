// OAuth request parameters (RFC 6749 sections 3.1, 3.2 and 4.1.3): each at most once, except
// the repeatable ones (`resource`, RFC 8707 section 2); a malformed one is invalid_request. Used by
// the authorization request (./authorization-request.ts) and the token and revocation endpoints.
import { InvalidRequestError } from '@modelcontextprotocol/sdk/server/auth/errors.js';

/** RFC 6749 section 3.2 / 4.1.3: form parameters; each at most once except the repeatable ones. */
export class FormParams {
  constructor(private readonly body: Record<string, unknown>) {}

  /** The parsed form body of a request (an Express request's `body`). */
  static of(req: { body?: unknown }): FormParams {
    const body = req.body;
    return new FormParams(typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {});
  }

  get(name: string): string | undefined {
    const value = this.body[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new InvalidRequestError(`The "${name}" parameter must be given exactly once.`);
    return value;
  }

  require(name: string): string {
    const value = this.get(name);
    if (value === undefined || value === '') throw new InvalidRequestError(`The "${name}" parameter is required.`);
    return value;
  }

  all(name: string): string[] {
    const value = this.body[name];
    if (value === undefined) return [];
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((v): v is string => typeof v === 'string')) throw new InvalidRequestError(`The "${name}" parameter is malformed.`);
    return list;
  }
}
