// A minimal cookie-keeping HTTP client for page tests: real requests to the server on port 0,
// redirects not followed (tests assert them), Set-Cookie applied like a browser would.
export interface PageResponse {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
  setCookies: string[];
}

export class WebClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly base: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private async send(path: string, init: RequestInit): Promise<PageResponse> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    const res = await fetch(`${this.base}${path}`, { ...init, headers, redirect: 'manual' });
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.status, headers: res.headers, text: await res.text(), location: res.headers.get('location'), setCookies };
  }

  get(path: string, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.send(path, { method: 'GET', headers });
  }

  post(path: string, form: Record<string, string | string[]>, headers: Record<string, string> = {}): Promise<PageResponse> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(form)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
    return this.send(path, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers } });
  }

  /** Signs in through the real form; returns the POST's response. */
  async signIn(email: string, password: string, next?: string): Promise<PageResponse> {
    const page = await this.get(`/en/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    return this.post('/en/sign-in', { csrf: csrfFrom(page.text), email, password, next: next ?? '' });
  }
}

/** The value of the first hidden `csrf` field in a page. */
export function csrfFrom(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error('no csrf field on the page');
  return match[1]!;
}
