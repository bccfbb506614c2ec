// Where this installation of rcat lives, found from this module's own location: the nearest
// folder above it whose package.json is rcat's. That holds for the sources (src/cli), the
// compiled files (dist/cli) and the bundle `npm run build` makes (dist/rcat), wherever npm put
// the package.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let found: { root: string; version: string } | undefined;

function find(): { root: string; version: string } {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'rcat' && pkg.version) return { root: dir, version: pkg.version };
    } catch { /* no (readable) package.json here: look further up */ }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('rcat: cannot find its own package.json');
    dir = parent;
  }
}

/** The package folder (holding package.json and bin/). */
export function packageRoot(): string {
  found ??= find();
  return found.root;
}

/** rcat's version, from its package.json. */
export function packageVersion(): string {
  found ??= find();
  return found.version;
}
