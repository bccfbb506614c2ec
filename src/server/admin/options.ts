// Options shared by several operator commands, checked before anything is opened or written, so a
// mistyped value is a usage error (exit 2) and a file or database that fails is an error (exit 1)
// — the rule in ./exit-codes.ts.
import { existsSync, statSync } from 'node:fs';
import { LimitsConfigError, type LimitsPolicy, loadLimitsPolicy } from '../limits/policy.js';
import type { Environment } from '../config.js';
import { databaseUrlOf, StoreConfigError } from '../store/open-store.js';
import { OperatorError, UsageError } from './exit-codes.js';

/** `--store` / RCAT_DATABASE_URL must be a postgres:// URL (or absent): otherwise exit 2. The URL in effect, or null for the JSON file. */
export function checkStoreOption(store: string | undefined, env?: Environment): string | null {
  try {
    return databaseUrlOf({ store }, env);
  } catch (error) {
    if (error instanceof StoreConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * `--limits PRESET|FILE`: a value that is neither a preset nor an existing file is a usage error
 * (exit 2); a limits file that exists but cannot be read or is invalid is an error (exit 1), as
 * an invalid catalogue file is.
 */
export function limitsPolicyOption(spec: string): LimitsPolicy {
  try {
    return loadLimitsPolicy(spec);
  } catch (error) {
    if (!(error instanceof LimitsConfigError)) throw error;
    // Presets never throw, so a value that names no existing path named neither.
    if (!existsSync(spec.trim())) throw new UsageError(error.message);
    throw new OperatorError('error', error.message);
  }
}

/** `start --catalogue FILE`: a file that is not there is an error (exit 1, as for `catalogue
 *  import`), said plainly before the data dir is touched; its contents are checked by the server. */
export function checkCatalogueOption(file: string | undefined): void {
  if (file === undefined) return;
  let isFile: boolean;
  try {
    isFile = statSync(file).isFile();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OperatorError('error', `--catalogue: cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  if (!isFile) throw new OperatorError('error', `--catalogue: ${file} is not a file`);
}
