// rcat's help as data (./help-render.ts): every command's help page as commander writes it,
// with what depends on the terminal's width (each item's description, the command's
// description) left as pieces to lay out. Taken from the program by commander itself, its Help
// told to hand those pieces over instead of laying them out; everything else (usage line, terms,
// headings, the texts before and after) is commander's own output. `npm run build` computes the
// pages once (scripts/bundle-cli.mjs), so the bundled `rcat --help` loads neither commander nor
// the commands.
import type { Command, Help } from 'commander';
import type { HelpPage, HelpPages, HelpPiece } from './help-render.js';

function pageOf(cmd: Command): HelpPage {
  const pieces: HelpPiece[] = [];
  let minWidthToWrap = 40;
  const mark = (piece: HelpPiece) => `\u0000${pieces.push(piece) - 1}\u0000`;
  const help = cmd.configureHelp();
  const output = { ...cmd.configureOutput() };
  let text = '';
  cmd.configureHelp({
    ...help,
    formatItem: (term: string, termWidth: number, description: string, helper: Help) => {
      minWidthToWrap = helper.minWidthToWrap;
      return mark({ term, termWidth, description });
    },
    boxWrap(this: Help, wrap: string) {
      minWidthToWrap = this.minWidthToWrap;
      return mark({ wrap });
    },
  });
  cmd.configureOutput({ writeOut: (s) => void (text += s), getOutHasColors: () => false });
  try {
    cmd.outputHelp();
  } finally {
    cmd.configureHelp(help);
    cmd.configureOutput(output);
  }
  if (/\x1b/.test(text) || pieces.some((p) => /\x1b/.test(JSON.stringify(p)))) {
    throw new Error(`help of ${cmd.name()}: styled text is not supported by help-render.ts`);
  }
  return { text, pieces, minWidthToWrap };
}

/** The help page of the program and of each command under it, by command path. */
export function programHelpPages(program: Command): HelpPages {
  const pages: HelpPages = {};
  const walk = (cmd: Command, path: string[]) => {
    pages[path.join(' ')] = pageOf(cmd);
    for (const sub of cmd.commands) walk(sub, [...path, sub.name()]);
  };
  walk(program, []);
  return pages;
}
