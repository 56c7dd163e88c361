import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { DomainError } from '../domain-errors.ts';
import { readUploadedFile } from './uploaded-file.ts';

/** What people call the files most often chosen by mistake for a CSV; others are named by their extension. */
const KIND_NAMES: Record<string, string> = {
  png: 'a PNG image',
  jpg: 'a JPEG image',
  gif: 'a GIF image',
  webp: 'a WebP image',
  bmp: 'a BMP image',
  tif: 'a TIFF image',
  heic: 'a HEIC image',
  pdf: 'a PDF document',
  xlsx: 'an Excel workbook (XLSX)',
  xls: 'an Excel workbook (XLS)',
  cfb: 'an Office document (XLS or DOC)',
  ods: 'an OpenDocument spreadsheet (ODS)',
  docx: 'a Word document (DOCX)',
  odt: 'an OpenDocument text (ODT)',
  pptx: 'a PowerPoint presentation (PPTX)',
  zip: 'a ZIP archive',
  gz: 'a gzip archive',
  '7z': 'a 7-Zip archive',
  rar: 'a RAR archive',
  mp3: 'an MP3 audio file',
  wav: 'a WAV audio file',
  mp4: 'an MP4 video',
  exe: 'a Windows program',
  elf: 'a Linux program',
  sqlite: 'an SQLite database',
};

const nameOfKind = (ext: string): string => KIND_NAMES[ext] ?? `a ${ext.toUpperCase()} file`;

/** The sentence that says what to do instead, for both kinds of wrong file. */
const SAVE_AS_CSV = 'Save it as CSV (comma-separated, UTF-8) and upload that file.';

/**
 * Why `bytes` cannot be read as CSV text, or null when they can: a format file-type recognises by its magic numbers is
 * named ("This file is a PNG image, not a CSV file."); other bytes that are not UTF-8 text (NUL, invalid sequences) are
 * refused without quoting them, so no message ever carries binary garbage.
 */
export async function notCsvReason(bytes: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return `This file is ${nameOfKind(detected.ext)}, not a CSV file. ${SAVE_AS_CSV}`;
  if (bytes.includes(0) || !isUtf8(bytes))
    return `This file is not text in UTF-8, so it is not a CSV file. ${SAVE_AS_CSV}`;
  return null;
}

const isUtf8 = (bytes: Uint8Array): boolean => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * The text of a CSV uploaded as multipart/form-data in the field `file` (intents, knowledge entries and QA questions
 * imports, campaign call lists): 415 when not multipart or not a CSV (naming what it is), 400 for another field, 413
 * above `maxBytes` (uploaded-file.ts: a file over the limit is refused whole).
 */
export async function readUploadedCsv(request: FastifyRequest, maxBytes: number): Promise<string> {
  const { bytes } = await readUploadedFile(request, maxBytes);
  const reason = await notCsvReason(bytes);
  if (reason) throw new DomainError('unsupported-type', reason);
  return bytes.toString('utf8');
}
