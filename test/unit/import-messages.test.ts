// The pure parts of "every error says what to do" (issue 33 §5): what a wrong file, a wrong header and a long cell
// turn into, and the size a limit is written with.
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/api/contract/storage.ts';
import { looksLikeHeader, quoteCell, wrongHeader } from '../../server/csv/csv-import.ts';
import { parseCallList } from '../../server/features/campaigns/campaigns-call-list.ts';
import { parseIntentsCsv } from '../../server/features/intents/intents-csv.ts';
import { parseKnowledgeCsv } from '../../server/features/knowledge/knowledges-csv.ts';
import { notCsvReason } from '../../server/http/uploaded-csv.ts';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('not refused');
};

describe('notCsvReason', () => {
  it('names a file by its magic numbers and refuses non-UTF-8 bytes without quoting them', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await notCsvReason(png)).toBe(
      'This file is a PNG image, not a CSV file. Save it as CSV (comma-separated, UTF-8) and upload that file.',
    );
    expect(await notCsvReason(Buffer.from('%PDF-1.7\n'))).toMatch(/^This file is a PDF document, not a CSV file\./);
    expect(await notCsvReason(Buffer.from([0x61, 0xff, 0x62]))).toMatch(/^This file is not text in UTF-8/);
    expect(await notCsvReason(Buffer.from('a,b\u0000\n'))).toMatch(/^This file is not text in UTF-8/);
    expect(await notCsvReason(Buffer.from('link,knowledge\nhttps://example.com,Příliš žluťoučký kůň\n'))).toBeNull();
    expect(await notCsvReason(Buffer.alloc(0))).toBeNull();
  });
});

describe('quoteCell', () => {
  it('keeps short cells, cuts long ones with an ellipsis and never carries control characters', () => {
    expect(quoteCell('+420 777')).toBe('+420 777');
    expect(quoteCell('x'.repeat(100))).toBe(`${'x'.repeat(59)}…`);
    expect(quoteCell('a\u0000b\u001bc\r\nd\ufffd')).toBe('a?b?c d?');
  });
});

describe('wrong headers', () => {
  it('tell column names from data', () => {
    expect(looksLikeHeader(['question', 'answer'])).toBe(true);
    expect(looksLikeHeader([' Title ', 'Text'])).toBe(true);
    expect(looksLikeHeader(['greeting', 'hello'])).toBe(false);
    expect(looksLikeHeader(['https://example.com', 'We open at nine.'])).toBe(false);
  });

  it('name the expected columns, with a hint for semicolons', () => {
    expect(wrongHeader(['link', 'knowledge'], ['question', 'answer'])).toBe(
      'Line 1: expected the columns link,knowledge, found "question,answer".',
    );
    expect(wrongHeader(['intent', 'template'], ['intent;template'])).toMatch(/separated by semicolons/);
  });

  it('are refused by the knowledge, intents and call-list parsers instead of a line error', () => {
    expect(refusal(() => parseKnowledgeCsv('question,answer\nWhen?,At nine.\n'))).toBe(
      'Line 1: expected the columns link,knowledge, found "question,answer".',
    );
    // Without a header the first line is data, and its own problems are named as before.
    expect(refusal(() => parseKnowledgeCsv('ftp://example.com/x,Text\n'))).toBe(
      'Line 1: Link must be an http:// or https:// URL.',
    );
    expect(refusal(() => parseIntentsCsv('name,text\ngreeting,hello\n'))).toBe(
      'Line 1: expected the columns intent,template, found "name,text".',
    );
    expect(refusal(() => parseIntentsCsv('greeting,hello,extra\n'))).toBe(
      'Line 1: expected the columns intent,template, found "greeting,hello,extra".',
    );
    expect(parseIntentsCsv('greeting,hello\n')).toEqual([{ line: 1, intent: 'greeting', template: 'hello' }]);
    expect(refusal(() => parseCallList('question,answer\n', new Date(), new Set()))).toBe(
      'Line 1: the header must be exactly "destination,scheduled_time" (found "question,answer").',
    );
  });
});

describe('formatBytes', () => {
  it('writes limits as people read them', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(64 * 1024)).toBe('64 KB');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(999)).toBe('999 bytes');
  });
});
