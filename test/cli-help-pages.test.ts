// `rcat --help` and `rcat COMMAND --help` are answered from help pages made at build time
// (src/cli/help-model.ts, laid out by src/cli/help-render.ts) without commander. They must print
// exactly what commander prints: for every command, at every terminal width, and from the built
// bundle (whose pages were made by `npm run build`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.js';
import { programHelpPages } from '../src/cli/help-model.js';
import { helpFor } from '../src/cli/help-fast.js';
import { type HelpPages, renderHelp } from '../src/cli/help-render.js';
import { assertBuilt, type CliHome, cliHome, rcat, runCli } from './cli-support.js';

let h: CliHome;
let pages: HelpPages;

beforeAll(() => {
  assertBuilt();
  h = cliHome({ RCAT_SERVER: 'http://127.0.0.1:9' });
  pages = programHelpPages(buildProgram());
});
afterAll(() => h.cleanup());

const words = (path: string) => (path === '' ? [] : path.split(' '));

describe('help pages', () => {
  it('cover the program and every command under it', () => {
    expect(Object.keys(pages)).toEqual(['', 'login', 'logout', 'status', 'search', 'fetch', 'projects', 'shortlist', 'shortlist add', 'inquiry', 'mcp']);
  });

  it('lay out as commander does, at every width, on a terminal and off it', async () => {
    for (const [path, page] of Object.entries(pages)) {
      const plain = await rcat([...words(path), '--help'], h.env);
      expect(plain.code).toBe(0);
      expect(renderHelp(page, 80), path).toBe(plain.stdout);
      for (const columns of [12, 39, 40, 41, 55, 64, 100, 133, 250]) {
        const tty = await rcat([...words(path), '-h'], h.env, { tty: { stdout: true, columns } });
        expect(renderHelp(page, columns), `${path} at ${columns}`).toBe(tty.stdout);
        expect(await helpFor([...words(path), '-h'], { isTTY: true, columns })).toBe(tty.stdout);
      }
    }
  });

  it('answer only plain help requests; anything else goes to the program', async () => {
    for (const args of [[], ['--help', 'search'], ['search', '--json', '--help'], ['help', '--help'], ['nothing', '--help'], ['--server', 'x', '--help'], ['search']]) {
      expect(await helpFor(args, {}), args.join(' ')).toBeUndefined();
    }
  });

  it('the built rcat prints the same pages as the program, exit 0', { timeout: 120_000 }, async () => {
    for (const path of Object.keys(pages)) {
      const program = await rcat([...words(path), '--help'], h.env);
      const built = await runCli([...words(path), path === 'search' ? '-h' : '--help'], h.env);
      expect(built.code, path).toBe(0);
      expect(built.stdout, path).toBe(program.stdout);
      expect(built.stderr, path).toBe('');
    }
  });
});
