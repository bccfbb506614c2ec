// The program's help pages (./help-model.ts). Computed here from the program itself, which loads
// commander and builds every command; the bundle replaces this module with the pages computed at
// build time (scripts/bundle-cli.mjs), so the bundled `rcat --help` does neither.
import type { HelpPages } from './help-render.js';

export async function helpPages(): Promise<HelpPages> {
  const { buildProgram } = await import('./program.js');
  const { programHelpPages } = await import('./help-model.js');
  return programHelpPages(buildProgram());
}
