// The deterministic inquiry template (no AI provider, spec section 1: prepare_inquiry "calls no
// AI provider"). The same question, record and names always give the same subject and body.
// Record text appears only as quoted evidence ("> " lines), never as words of the sender, and
// nothing in it is interpreted: it is copied, with control characters removed.
import type { CatalogRecord } from '../../shared/schemas.js';

/** Longest record excerpt quoted in the body; the full record stays behind the cited URL. */
export const RECORD_EXCERPT_MAX = 600;
const SUBJECT_TITLE_MAX = 100;

export interface InquiryTemplateInput {
  question: string;
  record: CatalogRecord;
  senderName: string;
  projectName: string | null;
}

/** Removes control characters (keeping newlines) so quoted text cannot smuggle terminal escapes. */
function clean(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

function oneLine(text: string): string {
  return clean(text).replace(/\s+/g, ' ').trim();
}

function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

function quote(text: string): string {
  return clean(text)
    .split('\n')
    .map((line) => (line.trim() ? `> ${line.trimEnd()}` : '>'))
    .join('\n');
}

/**
 * What the draft asks, by what the record is. A laboratory is a facility: the draft asks it about
 * itself. A technique or an equipment record describes a kind of method or instrument, not a
 * particular one (record-view.ts says so in its limitations), so asking "whether I am eligible to
 * use this facility" makes no sense: the draft asks which facilities offer it, and on what terms.
 */
function requestLines(record: CatalogRecord): string[] {
  switch (record.metadata.entityType) {
    case 'laboratory':
      return [
        'A catalogue listing does not confirm eligibility, price or availability. Could you please confirm:',
        '  1. whether I am eligible to use this facility and its services, and on what terms;',
        '  2. the price or cost-recovery rate that would apply;',
        '  3. current availability and typical lead times.',
      ];
    case 'technique':
      return [
        'The catalogue describes this technique in general; it does not say which facilities offer it. Could you please tell me:',
        '  1. which facilities (your own or others you know of) offer this technique to researchers like me;',
        '  2. for each, whether I would be eligible to use it, and on what terms;',
        '  3. the price or cost-recovery rate, current availability and typical lead times.',
      ];
    case 'equipment':
      return [
        'The catalogue describes this type of equipment, not a particular instrument; it does not say which facilities have one. Could you please tell me:',
        '  1. which facilities (your own or others you know of) have this equipment and let researchers like me use it;',
        '  2. for each, whether I would be eligible to use it, and on what terms;',
        '  3. the price or cost-recovery rate, current availability and typical lead times.',
      ];
  }
}

function subjectOf(record: CatalogRecord, title: string): string {
  const shown = shorten(title, SUBJECT_TITLE_MAX);
  switch (record.metadata.entityType) {
    case 'laboratory':
      return `Inquiry about ${shown}`;
    case 'technique':
      return `Inquiry: which facilities offer ${shown}?`;
    case 'equipment':
      return `Inquiry: which facilities have ${shown}?`;
  }
}

export function buildInquiry(input: InquiryTemplateInput): { subject: string; body: string } {
  const { record } = input;
  const title = oneLine(record.title);
  const lines = [
    'Hello,',
    '',
    `I found the following ${record.metadata.entityType} record in the rcat research catalogue and have a question${input.projectName ? ` for my project "${oneLine(input.projectName)}"` : ''}:`,
    '',
    `  Record: "${title}"`,
    `  Catalogue reference: ${record.url}`,
    '',
    'My question:',
    '',
    quote(input.question.trim()),
    '',
    'The catalogue record says (quoted as listed; not verified by the catalogue):',
    '',
    quote(shorten(record.text.trim(), RECORD_EXCERPT_MAX)),
    '',
  ];
  if (record.metadata.limitations.length > 0) {
    lines.push('The catalogue notes these limits of its information:', '');
    for (const limitation of record.metadata.limitations) lines.push(quote(`- ${oneLine(limitation)}`));
    lines.push('');
  }
  lines.push(...requestLines(record), '', 'Thank you,', oneLine(input.senderName) || 'A researcher');
  return { subject: subjectOf(record, title), body: lines.join('\n') };
}
