// Options shared by several operator commands, checked before anything is opened or written, so a
// mistyped value is a usage error (exit 2) and a file or database that fails is an error (exit 1)
// — the rule in ./exit-codes.ts.
import { existsSync } from 'node:fs';
import { LimitsConfigError, type LimitsPolicy, loadLimitsPolicy } from '../limits/policy.js';
import { databaseUrlOf, StoreConfigError } from '../store/open-store.js';
import { OperatorError, UsageError } from './exit-codes.js';

/** `--store` / RCAT_DATABASE_URL must be a postgres:// URL (or absent): otherwise exit 2. */
export function checkStoreOption(store: string | undefined): void {
  try {
    databaseUrlOf({ store });
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
