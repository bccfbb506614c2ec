// rcat search / rcat fetch against the real server: tables, --json shapes (exactly what the
// REST API returns), every limitation shown, colour only on a terminal and never with NO_COLOR.
// In process (`rcat`), with end-to-end child processes (`runCli`) for the terminal, the --json
// record, help and --version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSnippet } from '../src/shared/record-snippet.js';
import { CatalogRecord, SearchResponse } from '../src/shared/schemas.js';
import { startTestServer, type TestServer } from './support/server.js';
import { assertBuilt, type CliHome, cliHome, leaks, rcat, REPO, runCli } from './cli-support.js';

let server: TestServer;
let token: string;
let h: CliHome;

const rest = async (path: string) =>
  (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

beforeAll(async () => {
  assertBuilt();
  server = await startTestServer();
  const account = await server.addAccount();
  token = await server.token(account, ['catalog:read']);
  // RCAT_TOKEN: these tests are about output, not storage.
  h = cliHome({ RCAT_SERVER: server.url, RCAT_TOKEN: token });
});
afterAll(async () => {
  h.cleanup();
  await server.stop();
});

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[/;

describe('rcat search', { timeout: 120_000 }, () => {
  it('prints a type/title/id table and says when results were truncated', async () => {
    const r = await rcat(['search', 'mass', 'spectrometry'], h.env);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('TYPE\tTITLE\tID');
    expect(lines).toHaveLength(21);
    for (const line of lines.slice(1)) {
      const [type, title, id] = line.split('\t');
      expect(id).toMatch(new RegExp(`^${type}:[0-9a-f-]{36}$`));
      expect(title!.length).toBeGreaterThan(0);
    }
    expect(r.stderr).toMatch(/first 20 matches.*Refine the query/);
    expect(r.stdout).not.toMatch(ANSI);
    expect(leaks(r, token)).toEqual([]);
  });

  it('--json prints exactly the server\'s search response', async () => {
    const r = await rcat(['search', 'scanning electron microscope', '--json'], h.env);
    expect(r.code).toBe(0);
    const body = SearchResponse.parse(JSON.parse(r.stdout));
    expect(body).toEqual(await rest('/api/agent/catalog/search?query=scanning%20electron%20microscope'));
    expect(r.stderr).toBe('');
  });

  it('says so when nothing matches', async () => {
    const r = await rcat(['search', 'zzqxjv', 'wqpfk'], h.env);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/No matches/);
  });

  it('uses colour on a terminal (a real pseudo-terminal), but not with NO_COLOR', async () => {
    // `script` gives the CLI a real pseudo-terminal as stdout.
    const colour = await runCli([], { ...h.env, TERM: 'xterm' }, { command: ['script', '-qec', `${process.execPath} ${REPO}/bin/rcat.js search microscope`, '/dev/null'] });
    expect(colour.code).toBe(0);
    expect(colour.stdout).toMatch(ANSI);
    expect(colour.stdout).toMatch(/TYPE\s+TITLE\s+ID/);
    const onTerminal = { tty: { stdout: true, stderr: true, columns: 100 } };
    const plain = await rcat(['search', 'microscope'], { ...h.env, TERM: 'xterm', NO_COLOR: '1' }, onTerminal);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/TYPE\s+TITLE\s+ID/);
    expect(plain.stdout).not.toMatch(ANSI);
    const dumb = await rcat(['search', 'microscope'], { ...h.env, TERM: 'dumb' }, onTerminal);
    expect(dumb.stdout).not.toMatch(ANSI);
    // On a terminal the table fits its width: the title column is cut, never the ID.
    const narrow = await rcat(['search', 'microscope'], { ...h.env, TERM: 'xterm' }, { tty: { stdout: true, columns: 90 } });
    expect(narrow.stdout).toMatch(ANSI);
    for (const line of narrow.stdout.trimEnd().split('\n').slice(1)) {
      expect([...line].length).toBeLessThanOrEqual(90);
      expect(line).toMatch(/[a-z]+:[0-9a-f-]{36}$/);
    }
  });
});

describe('rcat search --long', { timeout: 120_000 }, () => {
  // A fresh account for each: --long reads every record (one request each) against its limits.
  const freshEnv = async () => ({ ...h.env, RCAT_TOKEN: await server.token(await server.addAccount(), ['catalog:read']) });

  it('adds each result\'s description, the line the website shows, read from its record', async () => {
    const env = await freshEnv();
    const r = await rcat(['search', 'confocal', 'microscope', '--long'], env);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('TYPE\tTITLE\tID\tDESCRIPTION');
    const rows = lines.slice(1).map((l) => l.split('\t'));
    expect(rows.length).toBeGreaterThan(2);
    for (const [type, , id, description] of rows.slice(0, 5)) {
      const record = CatalogRecord.parse(await rest(`/api/agent/catalog/record?id=${encodeURIComponent(id!)}`));
      expect(description).toBe(recordSnippet(type!, record.text));
    }
    const described = rows.filter((row) => row[3]!.length > 20);
    expect(described.length).toBeGreaterThan(rows.length / 2);
    expect(r.stderr).not.toMatch(/Could not read/);
  });

  it('on a terminal, puts the description on an indented line under its row', async () => {
    const r = await rcat(['search', 'confocal', 'microscope', '--long'], { ...(await freshEnv()), NO_COLOR: '1' }, { tty: { stdout: true, columns: 100 } });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^TYPE\s+TITLE\s+ID$/);
    const equipment = lines.findIndex((l) => /^equipment\s+confocal microscope\s/.test(l));
    expect(equipment).toBeGreaterThan(0);
    expect(lines[equipment + 1]).toMatch(/^ {4}\S/);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
  });

  it('when the limits stop the record reads, shows the results anyway and says descriptions are missing', async () => {
    const env = await freshEnv();
    for (let i = 0; i < 25; i++) await fetch(`${server.url}/api/agent/catalog/search?query=zzqxjv`, { headers: { authorization: `Bearer ${env.RCAT_TOKEN}` } }); // costs requests, not units
    const r = await rcat(['search', 'confocal', 'microscope', '--long'], env);
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n').length).toBeGreaterThan(5);
    expect(r.stderr).toMatch(/Could not read every record for --long.*Rate limit reached/s);
  });
});

describe('rcat fetch', { timeout: 120_000 }, () => {
  it('prints the citation URL, update date, source links and every limitation', async () => {
    const search = SearchResponse.parse(await rest('/api/agent/catalog/search?query=scanning%20electron%20microscope'));
    for (const { id } of search.results.slice(0, 3)) {
      const record = CatalogRecord.parse(await rest(`/api/agent/catalog/record?id=${encodeURIComponent(id)}`));
      const r = await rcat(['fetch', id], h.env);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(record.title);
      expect(r.stdout).toContain(record.url);
      expect(r.stdout).toContain(`Updated:      ${record.metadata.updatedAt ?? 'unknown'}`);
      for (const source of record.metadata.sourceUrls) expect(r.stdout).toContain(source);
      expect(record.metadata.limitations.length).toBeGreaterThan(0);
      for (const limitation of record.metadata.limitations) expect(r.stdout).toContain(limitation);
      expect(r.stdout).toMatch(/availability unknown/);
    }
  });

  it('--json prints exactly the server\'s record', async () => {
    const search = SearchResponse.parse(await rest('/api/agent/catalog/search?query=microscope'));
    const id = search.results[0]!.id;
    const r = await runCli(['fetch', id, '--json'], h.env);
    expect(r.code).toBe(0);
    const record = CatalogRecord.parse(JSON.parse(r.stdout));
    expect(record).toEqual(await rest(`/api/agent/catalog/record?id=${encodeURIComponent(id)}`));
    // The ID as pasted from a query string, or the record's citation URL, reads the same record.
    for (const pasted of [encodeURIComponent(id), record.url]) {
      const again = await rcat(['fetch', pasted, '--json'], h.env);
      expect(again.code, again.stderr).toBe(0);
      expect(JSON.parse(again.stdout)).toEqual(record);
    }
  });

  it('exit 3 for a record that does not exist, exit 2 for something that is not an ID', async () => {
    const missing = await rcat(['fetch', 'technique:00000000-0000-4000-8000-000000000000'], h.env);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/Not found/);
    expect(missing.stdout).toBe('');
    const malformed = await rcat(['fetch', 'technique:NOT-A-UUID'], h.env);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/not an entity ID/);
  });
});

describe('help', { timeout: 120_000 }, () => {
  it('rcat --help and every command\'s help are complete, with examples and exit codes', async () => {
    const top = await runCli(['--help'], h.env);
    expect(top.code).toBe(0);
    for (const cmd of ['login', 'logout', 'status', 'search', 'fetch', 'projects', 'shortlist', 'inquiry']) expect(top.stdout).toContain(cmd);
    expect(top.stdout).toMatch(/Exit codes:/);
    for (const cmd of [['login'], ['logout'], ['status'], ['search'], ['fetch'], ['projects'], ['shortlist', 'add'], ['inquiry'], ['mcp']]) {
      const r = await rcat([...cmd, '--help'], h.env);
      expect(r.code, cmd.join(' ')).toBe(0);
      expect(r.stdout, cmd.join(' ')).toMatch(/Examples:/);
    }
    // --version: answered by the launcher before the program loads, and by the program itself.
    const version = await runCli(['--version'], h.env);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    expect((await rcat(['--server', server.url, '--version'], h.env)).stdout).toBe(version.stdout);
  });
});
