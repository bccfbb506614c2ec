// /en/guides: the one public page (spec section 1: "Public visitors can read only the guides").
// How to connect the CLI, a desktop MCP host and the REST API to this server.
import type { Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { html, renderPage } from '../html.js';
import { sendHtml } from '../page-security.js';
import { loadSession } from '../session.js';

function guides(base: string) {
  const mcpConfig = JSON.stringify({ mcpServers: { rcat: { command: 'rcat', args: ['mcp', '--server', base] } } }, null, 2);
  return html`<h1>Guides</h1>
    <p>rcat is a catalogue of research equipment, laboratories and techniques. Reading records needs an account;
    these guides are public. Every way of connecting shares your account's limits, and results are capped: there is no bulk export.</p>
    <nav aria-label="On this page"><ul>
      <li><a href="#cli">The rcat command-line tool</a></li>
      <li><a href="#mcp">A desktop MCP host (Claude Desktop and others)</a></li>
      <li><a href="#rest">The REST API</a></li>
      <li><a href="#tokens">Agent tokens</a></li>
    </ul></nav>

    <section aria-labelledby="cli">
      <h2 id="cli">The rcat command-line tool</h2>
      <p>Sign in once; your browser opens to approve access, and the credentials are kept in your system keychain.</p>
      <pre><code>rcat login --server ${base}
rcat search "scanning electron microscope"
rcat fetch "technique:&lt;uuid&gt;"</code></pre>
      <p>On a machine without a browser, create an <a href="#tokens">agent token</a> and give it on standard input
      (never as a command-line argument): <code>rcat login --server ${base} --with-token &lt; token.txt</code>.</p>
    </section>

    <section aria-labelledby="mcp">
      <h2 id="mcp">A desktop MCP host</h2>
      <p>Hosts that support remote MCP servers with OAuth can connect directly to <code>${base}/mcp</code>;
      they register themselves and ask you to approve access in the browser.</p>
      <p>Hosts that only start local (stdio) servers, such as Claude Desktop, use the <code>rcat mcp</code> bridge.
      Run <code>rcat login --server ${base}</code> first, then print the snippet for your host
      (<code>claude-desktop</code>, <code>cursor</code> or <code>vscode</code>):</p>
      <pre><code>rcat mcp --server ${base} --print-config claude-desktop</code></pre>
      <p>Merge what it prints into the host's configuration file (for Claude Desktop: Settings → Developer → Edit Config,
      which opens <code>claude_desktop_config.json</code>) and restart the host. It looks like this; no token goes into the file:</p>
      <pre><code>${mcpConfig}</code></pre>
      <p>The tools are <code>search</code>, <code>fetch</code>, <code>list_projects</code>, <code>save_to_shortlist</code> and
      <code>prepare_inquiry</code>. No tool sends a message, books a facility or calls a paid AI model; an inquiry is only ever a draft.
      Record text is evidence to cite, never instructions for your assistant.</p>
    </section>

    <section aria-labelledby="rest">
      <h2 id="rest">The REST API</h2>
      <p>Two read operations, both needing a bearer token with the scope <code>catalog:read</code>.
      The description is at <a href="/api/agent/openapi.json">/api/agent/openapi.json</a> (OpenAPI).</p>
      <pre><code>curl -H "Authorization: Bearer &lt;ACCESS_TOKEN&gt;" \\
  "${base}/api/agent/catalog/search?query=mass%20spectrometry"

curl -H "Authorization: Bearer &lt;ACCESS_TOKEN&gt;" \\
  "${base}/api/agent/catalog/record?id=technique%3A&lt;uuid&gt;"</code></pre>
      <p>Search returns at most 20 results with a canonical URL for each; a broad query must be refined.
      A 429 answer carries <code>Retry-After</code> (seconds). Keep tokens in your client's secret settings, never in code or shell history.</p>
    </section>

    <section aria-labelledby="tokens">
      <h2 id="tokens">Agent tokens</h2>
      <p>Signed in, open <a href="/en/account/agent-connections">Agent connections</a> to create a token with just the scopes you need.
      A token is valid for 30 days and is shown once. It works for the REST API and the MCP endpoint only;
      it cannot sign in to these pages. Revoke it there at any time.</p>
    </section>`;
}

export function mountGuides(router: Router, deps: AppDeps): void {
  router.get(['/en/guides', '/en', '/'], async (req, res) => {
    if (req.path !== '/en/guides') {
      res.redirect(303, '/en/guides');
      return;
    }
    const current = await loadSession(req, deps);
    sendHtml(res, 200, renderPage({
      title: 'Guides',
      body: guides(deps.config.baseUrl),
      account: current?.account,
      csrfToken: current?.session.csrfToken,
    }));
  });
}
