// Lays out a help page (./help-model.ts) for a terminal width, exactly as commander's Help does
// (commander 14: formatItem, boxWrap): each item's term padded to the page's term width and its
// description wrapped at whitespace into the width left; the command's description wrapped to the
// whole width; nothing wrapped narrower than the minimum. No commander here: this is what the
// bundled `rcat --help` runs. test/cli-help-pages.test.ts holds it to commander's own output.

/** An option, argument or command line: term, then its description, wrapped beside it. */
export interface HelpItem {
  term: string;
  termWidth: number;
  description: string;
}
/** A text wrapped to the whole width (the command's description). */
export interface HelpWrap {
  wrap: string;
}
export type HelpPiece = HelpItem | HelpWrap;

/** One command's help as written: `text`, where U+0000 n U+0000 stands for piece n laid out. */
export interface HelpPage {
  text: string;
  pieces: HelpPiece[];
  minWidthToWrap: number;
}

/** Pages by command path: '' for rcat itself, 'search', 'shortlist add'. */
export type HelpPages = Record<string, HelpPage>;

/** The width help is laid out for: the terminal's, else 80 (as the program configures commander). */
export function helpWidth(stream: { isTTY?: boolean; columns?: number }): number {
  return (stream.isTTY ? stream.columns : undefined) ?? 80;
}

const displayWidth = (str: string) => str.replace(/\x1b\[\d*(;\d*)*m/g, '').length;

function boxWrap(str: string, width: number, minWidthToWrap: number): string {
  if (width < minWidthToWrap) return str;
  const wrapped: string[] = [];
  for (const line of str.split(/\r\n|\n/)) {
    const chunks = line.match(/[\s]*[^\s]+/g);
    if (chunks === null) {
      wrapped.push('');
      continue;
    }
    let sum = [chunks.shift()!];
    let sumWidth = displayWidth(sum[0]!);
    for (const chunk of chunks) {
      const visible = displayWidth(chunk);
      if (sumWidth + visible <= width) {
        sum.push(chunk);
        sumWidth += visible;
        continue;
      }
      wrapped.push(sum.join(''));
      const next = chunk.trimStart();
      sum = [next];
      sumWidth = displayWidth(next);
    }
    wrapped.push(sum.join(''));
  }
  return wrapped.join('\n');
}

function formatItem({ term, termWidth, description }: HelpItem, width: number, minWidthToWrap: number): string {
  const indent = '  ';
  if (!description) return indent + term;
  const padded = term.padEnd(termWidth + term.length - displayWidth(term));
  const spacer = 2;
  const remaining = width - termWidth - spacer - indent.length;
  const formatted = remaining < minWidthToWrap || /\n[^\S\r\n]/.test(description)
    ? description
    : boxWrap(description, remaining, minWidthToWrap).replace(/\n/g, `\n${' '.repeat(termWidth + spacer)}`);
  return indent + padded + ' '.repeat(spacer) + formatted.replace(/\n/g, `\n${indent}`);
}

/** The page as commander would write it for this width. */
export function renderHelp(page: HelpPage, width: number): string {
  return page.text.replace(/\u0000(\d+)\u0000/g, (_, n: string) => {
    const piece = page.pieces[Number(n)]!;
    return 'wrap' in piece ? boxWrap(piece.wrap, width, page.minWidthToWrap) : formatItem(piece, width, page.minWidthToWrap);
  });
}
