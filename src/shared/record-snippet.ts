// One line that tells a search result apart from others with a similar title: for a laboratory,
// its parent organisation and place; for equipment and techniques, the start of the definition.
// Built from the record's text (spec 4.2: the `text` of a record read), so the website's search
// page and `rcat search --long` show the same line for the same record.

/** At most this many characters; longer lines end with an ellipsis at a word boundary. */
export const SNIPPET_LENGTH = 160;

const PART_OF = /^Part of: (.+?)\.?$/;
const LOCATION = /^Location: (.+?)\.?$/;
const DEFINITION_FROM = /^Definition from [^:]{1,200}: /;
const NO_DEFINITION = /^(The source gives no definition|.{1,200} gives no definition)/;

/** Cuts `text` to `max` characters at a word boundary, with an ellipsis when anything was cut. */
export function clip(text: string, max = SNIPPET_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/**
 * The snippet of a record of kind `type` whose text is `text` (the record read's `text`), or ''
 * when the text says nothing that would help (no definition, no organisation, no place).
 */
export function recordSnippet(type: string, text: string, max = SNIPPET_LENGTH): string {
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  if (type === 'laboratory') {
    const parent = lines.map((l) => PART_OF.exec(l)?.[1]).find(Boolean);
    const place = lines.map((l) => LOCATION.exec(l)?.[1]).find(Boolean);
    return clip([parent, place].filter(Boolean).join(' · '), max);
  }
  const first = lines[0] ?? '';
  if (NO_DEFINITION.test(first)) return '';
  return clip(first.replace(DEFINITION_FROM, ''), max);
}
