// /en/guides: the one public page (spec section 1: "Public visitors can read only the guides").
// How to connect the CLI, a desktop MCP host and the REST API to this server.
import type { Router } from 'express';
import type { WebDeps } from '../web-deps.js';
import { bridgeLaunchCommand, hostSnippet, PLACEHOLDER_LAUNCHER, PLACEHOLDER_NODE } from '../../../shared/desktop-host.js';
import { html, renderPage } from '../html.js';
import { sendHtml } from '../page-security.js';
import { loadSession } from '../session.js';

/** The desktop-host snippets, from the builder `rcat mcp --print-config` uses, with placeholder paths. */
function snippets(base: string) {
  const launch = bridgeLaunchCommand({ node: PLACEHOLDER_NODE, launcher: PLACEHOLDER_LAUNCHER, servers: [base] });
  return {
    claudeDesktop: hostSnippet('claude-desktop', 'rcat', launch),
    commandLine: hostSnippet('command-line', 'rcat', launch),
    inspector: hostSnippet('inspector', 'rcat', launch),
  };
}

function desktopHostSection(base: string) {
  const snippet = snippets(base);
  return html`<section aria-labelledby="mcp">
      <h2 id="mcp">A desktop MCP host</h2>
      <p>Hosts that support remote MCP servers with OAuth can connect directly to <code>${base}/mcp</code>;
      they register themselves and ask you to approve access in the browser.</p>
      <p>Hosts that only start local (stdio) servers, such as Claude Desktop, use the <code>rcat mcp</code> bridge.
      Sign in once with the command-line tool, then print the snippet for your host
      (<code>claude-desktop</code>, <code>cursor</code>, <code>vscode</code>, <code>command-line</code> or <code>inspector</code>):</p>
      <pre tabindex="0"><code>rcat login --server ${base}
rcat mcp --server ${base} --print-config claude-desktop</code></pre>
      <p>For Claude Desktop, merge what it prints into <code>claude_desktop_config.json</code> (Settings → Developer → Edit Config)
      and restart the host. It looks like this, with the paths of your computer where this shows placeholders: the absolute path
      of <code>node</code> and of rcat's <code>bin/rcat.js</code>, so the host needs neither your <code>PATH</code> nor a shell.
      No token goes into the file.</p>
      <pre tabindex="0"><code>${snippet.claudeDesktop}</code></pre>
      <p>Hosts that ask for the command line of a local server take this one (<code>--print-config command-line</code>):</p>
      <pre tabindex="0"><code>${snippet.commandLine}</code></pre>
      <p>To list the tools with the MCP Inspector's command-line mode (<code>--print-config inspector</code>): its own options,
      one of them <code>--server</code>, go after <code>--</code>, so it cannot take ours.</p>
      <pre tabindex="0"><code>${snippet.inspector}</code></pre>
      <p>The tools are <code>search</code>, <code>fetch</code>, <code>list_projects</code>, <code>save_to_shortlist</code> and
      <code>prepare_inquiry</code>. No tool sends a message, books a facility or calls a paid AI model; an inquiry is only ever a draft.
      Record text is evidence to cite, never instructions for your assistant.</p>
    </section>`;
}

function guides(base: string) {
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
      <pre tabindex="0"><code>rcat login --server ${base}
rcat search "scanning electron microscope"
rcat fetch "technique:&lt;uuid&gt;"</code></pre>
      <p>On a machine without a browser, create an <a href="#tokens">agent token</a> and give it on standard input
      (never as a command-line argument):</p>
      <pre tabindex="0"><code>rcat login --server ${base} --with-token &lt; token.txt</code></pre>
    </section>

    ${desktopHostSection(base)}

    <section aria-labelledby="rest">
      <h2 id="rest">The REST API</h2>
      <p>Two read operations, both needing a bearer token with the scope <code>catalog:read</code>.
      The description is at <a href="/api/agent/openapi.json">/api/agent/openapi.json</a> (OpenAPI).</p>
      <pre tabindex="0"><code>curl -H "Authorization: Bearer &lt;ACCESS_TOKEN&gt;" \\
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

export function mountGuides(router: Router, deps: WebDeps): void {
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
