// Issue 8, security: the sign-in page's `next` never sends the browser to another origin, however
// the path is spelled (RFC 9700 section 4.11). Found by this test: dot segments resolved by URL
// parsing turned "/.//evil.example" and "/en/../..//evil.example" into the protocol-relative
// "//evil.example" (fixed in src/server/web/next-path.ts). test/web-sign-in.test.ts has the
// hand-picked "//host", "/\host" and absolute-URL cases.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.js';
import { WebClient } from './support/web-client.js';
import { PASSWORD } from './oauth-support.js';

let server: TestServer;
let email: string;
let signedIn: WebClient;

beforeAll(async () => {
  server = await startTestServer({ limits: 'variant-a' });
  email = (await server.addAccount({ password: PASSWORD })).email;
  signedIn = new WebClient(server.url);
  expect((await signedIn.signIn(email, PASSWORD)).status).toBe(303);
});
afterAll(() => server.stop());

/** The redirect stays on this server: same origin once resolved as a browser would. */
function expectSameOrigin(location: string | null, next: string) {
  expect(location, next).toBeTruthy();
  expect(location!.startsWith('//'), `${next} → ${location}`).toBe(false);
  expect(new URL(location!, server.url).origin, `${next} → ${location}`).toBe(new URL(server.url).origin);
}

const segment = fc.constantFrom('.', '..', '', 'evil.example', 'en', '%2e', '%2e%2e', '%2F', '%5C', 'account', '@evil.example', 'evil.example:80');
const hostileNext = fc.array(segment, { minLength: 1, maxLength: 6 }).map((parts) => `/${parts.join('/')}`);

describe('sign-in never redirects off-site', () => {
  it.each(['/.//evil.example', '/en/../..//evil.example', '/././/evil.example/x', '/en/..//evil.example?x=1'])('%s after a sign-in stays here', async (next) => {
    const web = new WebClient(server.url);
    const res = await web.signIn(email, PASSWORD, next);
    expect(res.status).toBe(303);
    expectSameOrigin(res.location, next);
  });

  it('generated dot-segment and encoded paths: a signed-in GET of the sign-in page redirects only here', async () => {
    await fc.assert(
      fc.asyncProperty(hostileNext, async (next) => {
        // Signed in already: GET /en/sign-in?next=… redirects at once.
        const get = await signedIn.get(`/en/sign-in?next=${encodeURIComponent(next)}`);
        expect(get.status).toBe(303);
        expectSameOrigin(get.location, next);
      }),
      { numRuns: 150 },
    );
  });
});
