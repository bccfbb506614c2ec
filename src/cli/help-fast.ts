// `rcat --help` and `rcat COMMAND… --help` (or -h) without commander: the page for that command,
// laid out for the terminal (./help-render.ts). Anything else, or a command path that has no page,
// goes to the program as usual.
import { helpPages } from './help-pages.js';
import { helpWidth, renderHelp } from './help-render.js';

/**
 * The help text for a plain help request (command words, then --help or -h as the last
 * argument) laid out for `stdout`, or undefined when the arguments are anything else or name no
 * command.
 */
export async function helpFor(args: string[], stdout: { isTTY?: boolean; columns?: number }): Promise<string | undefined> {
  const last = args.at(-1);
  const words = args.slice(0, -1);
  if ((last !== '--help' && last !== '-h') || !words.every((w) => /^[a-z]+$/.test(w))) return undefined;
  const pages = await helpPages();
  const path = words.join(' ');
  const page = Object.hasOwn(pages, path) ? pages[path] : undefined;
  return page && renderHelp(page, helpWidth(stdout));
}
