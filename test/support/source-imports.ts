// The import graph of the source tree, read from the files themselves (static imports and
// exports, `import type`, dynamic import()), for the boundary and layering tests.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

/** A file's text without its comment lines (`//`, and the `/**`, ` * ` lines of a block), whose prose may say `from "x"`. */
function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(?:\/\/|\/\*|\*)/.test(line))
    .join('\n');
}

/** Every module specifier of a file. */
export function specifiers(file: string): string[] {
  const text = codeOf(file);
  const found: string[] = [];
  for (const re of [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /^\s*import\s+['"]([^'"]+)['"]/gm]) {
    for (const m of text.matchAll(re)) found.push(m[1]!);
  }
  return found;
}

export interface ImportEdge {
  /** Importing file, relative to the repository (forward slashes). */
  from: string;
  /** Imported file (a relative import resolved to its .ts source), or the bare specifier. */
  to: string;
  /** `import type` / `export type … from`: erased when compiled, so no module runs the other. */
  typeOnly: boolean;
}

/** The specifiers of a file's `import type …` and `export type … from` statements, once per statement. */
function typeOnlySpecifiers(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s+type\b[^;]*?\bfrom\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

/** The imports of every .ts file under `dir` (relative to the repository). */
export function importEdges(dir: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const file of sourceFiles(path.join(REPO, dir))) {
    const from = path.relative(REPO, file).split(path.sep).join('/');
    const all = specifiers(file);
    const typeOnly = typeOnlySpecifiers(codeOf(file));
    const count = (list: string[], spec: string) => list.filter((s) => s === spec).length;
    for (const spec of new Set(all)) {
      const to = spec.startsWith('.')
        ? path.relative(REPO, path.resolve(path.dirname(file), spec)).split(path.sep).join('/').replace(/\.js$/, '.ts')
        : spec;
      // A module imported for types and for values (two statements) is a value import.
      edges.push({ from, to, typeOnly: count(typeOnly, spec) === count(all, spec) });
    }
  }
  return edges;
}

/** The bare specifiers (packages) that loading `entry` loads at once: its static value imports
 *  followed through the source tree; `import type` and dynamic `import()` are left out (the first
 *  is erased, the second runs only when reached). Each with the file that imports it. */
export function packagesLoadedBy(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const stack = [path.join(REPO, entry)];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = codeOf(file);
    const statements = [...text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^;]*?\bfrom\s+['"]([^'"]+)['"]/gms)].filter((m) => !m[1]).map((m) => m[2]!);
    const bare = [...text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
    for (const spec of [...statements, ...bare]) {
      if (spec.startsWith('.')) stack.push(path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts'));
      else if (!spec.startsWith('node:')) packages.set(spec, path.relative(REPO, file).split(path.sep).join('/'));
    }
  }
  return packages;
}
