// Which catalogue file a server uses: `--catalogue FILE` if given, else the operator's import in
// the data dir (`rcat-server catalogue import`), else the catalogue shipped in the package.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The catalogue shipped in the package (built by `npm run build:catalogue`). */
export const SHIPPED_CATALOGUE = path.resolve(fileURLToPath(import.meta.url), '../../../../data/catalogue.jsonl');

/** Where an operator's imported catalogue lives in a data dir. */
export function importedCataloguePath(dataDir: string): string {
  return path.join(dataDir, 'catalogue.jsonl');
}

export type CatalogueOrigin = 'explicit' | 'imported' | 'shipped';

export function locateCatalogue(options: { cataloguePath?: string; dataDir: string }): { file: string; origin: CatalogueOrigin } {
  if (options.cataloguePath) return { file: path.resolve(options.cataloguePath), origin: 'explicit' };
  const imported = importedCataloguePath(options.dataDir);
  return existsSync(imported) ? { file: imported, origin: 'imported' } : { file: SHIPPED_CATALOGUE, origin: 'shipped' };
}

export function resolveCataloguePath(options: { cataloguePath?: string; dataDir: string }): string {
  return locateCatalogue(options).file;
}
