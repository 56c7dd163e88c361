import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toString as mdastToString } from 'mdast-util-to-string';
import { extractText, getDocumentProxy } from 'unpdf';
import { KNOWLEDGE_FILE_TYPES } from '../../../../src/api/contract/knowledges.ts';
import { DomainError, invalidInput } from '../../../domain-errors.ts';

/** A PDF, page or file larger than this is refused before parsing. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** PDFs with more pages are refused (a scanned book is not a knowledge entry). */
export const MAX_PDF_PAGES = 300;

export type DocumentFormat = 'pdf' | 'html' | 'markdown' | 'text';

export interface ExtractedDocument {
  title: string;
  text: string;
}

/** The format a content type names, or null. */
export function formatOfType(contentType: string): DocumentFormat | null {
  const type = contentType.toLowerCase().split(';')[0]!.trim();
  if (type === 'application/pdf') return 'pdf';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type === 'text/plain') return 'text';
  return null;
}

/** The format a file name's extension names, or null. */
export function formatOfName(name: string): DocumentFormat | null {
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  if (ext === 'pdf') return 'pdf';
  if (ext === 'html' || ext === 'htm') return 'html';
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'txt' || ext === 'text') return 'text';
  return null;
}

export const UNSUPPORTED_FORMAT = `Unsupported file type: the knowledge base reads ${KNOWLEDGE_FILE_TYPES.join(', ')}`;

/** Blank lines between paragraphs, single spaces inside them. */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n+/)
    .map((p) =>
      p
        .replace(/[ \t\f\v\u00a0]+/g, ' ')
        .replace(/ *\n */g, '\n')
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}

const decode = (bytes: Uint8Array): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidInput('The file is not UTF-8 text');
  }
};

/** Block ends become line breaks so paragraphs stay apart once tags are gone. */
const BLOCK_END = /<\/(p|div|h[1-6]|li|tr|td|th|blockquote|pre|section|article|dd|dt)>|<br\s*\/?>/gi;

/** The readable part of a page (Mozilla Readability over linkedom), or the body's text when it finds none. */
export function htmlText(html: string): ExtractedDocument {
  const { document } = parseHTML(html);
  const pageTitle = document.querySelector('title')?.textContent?.trim() ?? '';
  const article = new Readability(document as unknown as Document).parse();
  const body = article?.content ?? document.querySelector('body')?.innerHTML ?? html;
  const { document: cleaned } = parseHTML(
    `<!doctype html><html><body>${body.replace(BLOCK_END, '$&\n\n')}</body></html>`,
  );
  for (const node of cleaned.querySelectorAll('script, style, noscript, template')) node.remove();
  return {
    title: (article?.title || pageTitle).trim(),
    text: tidy(cleaned.querySelector('body')?.textContent ?? ''),
  };
}

export function markdownText(markdown: string): ExtractedDocument {
  const tree = fromMarkdown(markdown);
  const heading = tree.children.find((n) => n.type === 'heading');
  // Each top-level block is a paragraph of its own.
  const text = tree.children.map((node) => mdastToString(node)).join('\n\n');
  return { title: heading ? mdastToString(heading).trim() : '', text: tidy(text) };
}

export async function pdfText(bytes: Uint8Array): Promise<ExtractedDocument> {
  if (!new TextDecoder('latin1').decode(bytes.subarray(0, 1024)).includes('%PDF-'))
    throw invalidInput('The file is not a PDF (no %PDF header)');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // unpdf takes over the buffer: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 } as never);
  } catch (error) {
    throw invalidInput(`The PDF cannot be read (${(error as Error).message.slice(0, 120)})`);
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw invalidInput(`The PDF has more than ${MAX_PDF_PAGES} pages`);
    const { text } = await extractText(pdf, { mergePages: false });
    const info = (await pdf.getMetadata().catch(() => null))?.info as { Title?: unknown } | undefined;
    return { title: typeof info?.Title === 'string' ? info.Title.trim() : '', text: tidy(text.join('\n\n')) };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalidInput(`The PDF cannot be read (${(error as Error).message.slice(0, 120)})`);
  } finally {
    // Frees the parser's worker-side objects; typed loosely by unpdf.
    await (pdf as unknown as { destroy?: () => Promise<void> }).destroy?.().catch(() => undefined);
  }
}

/** The readable text of a document; refuses what is too large, unreadable or of another type. */
export async function extractDocument(bytes: Uint8Array, format: DocumentFormat | null): Promise<ExtractedDocument> {
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw invalidInput(`The document is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB`);
  if (format === null) throw invalidInput(UNSUPPORTED_FORMAT);
  const doc =
    format === 'pdf'
      ? await pdfText(bytes)
      : format === 'html'
        ? htmlText(decode(bytes))
        : format === 'markdown'
          ? markdownText(decode(bytes))
          : { title: '', text: tidy(decode(bytes)) };
  if (!doc.text.trim()) throw invalidInput('The document has no readable text');
  return doc;
}
