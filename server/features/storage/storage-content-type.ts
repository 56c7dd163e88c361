import { fileTypeFromBuffer } from 'file-type';
import { DomainError } from '../../domain-errors.ts';

/**
 * What an upload really is, judged by its bytes (ASVS 5.2.2): magic numbers through file-type, else a strict
 * UTF-8 text sniff. The client's declared type is only checked against the content, never believed.
 */

export const FILE_TYPE_NOT_ALLOWED = 'File type not allowed.';
export const FILE_TYPE_MISMATCH = 'The file content does not match its declared type.';

/** Binary families a bot project stores: prompts, images, documents, archives. Anything else is refused. */
const allowedBinary = [
  /^image\/(png|jpeg|gif|webp|bmp|tiff|avif|heic|heif|x-icon|vnd\.microsoft\.icon)$/,
  /^audio\//,
  /^video\/(mp4|webm|ogg|quicktime|mpeg|x-matroska)$/,
  /^application\/(pdf|zip|gzip|x-tar|x-bzip2|x-xz|x-7z-compressed|x-cfb|rtf|ogg)$/,
  /^application\/vnd\.openxmlformats-officedocument\./,
  /^application\/vnd\.oasis\.opendocument\./,
  /^application\/vnd\.ms-(excel|powerpoint|word)/,
];

/** Detected types that are text underneath: they go through the text checks (scripts) as well. */
const textualDetected = new Set(['application/xml', 'text/calendar', 'text/vcard', 'text/vtt', 'application/rtf']);

/** Names a browser or desktop would run or render as active content, whatever the bytes. */
const dangerousExtension =
  /\.(html?|xhtml|xht|mht|mhtml|shtml|js|mjs|cjs|jsx|ts|exe|dll|com|scr|bat|cmd|ps1|psm1|vbs|vbe|wsf|wsh|hta|msi|msp|jar|sh|bash|app|apk|lnk|reg|php\d?|phtml|asp|aspx|jsp|svgz)$/i;

/** Declared names for the same content (browsers and systems disagree), keyed by the detected type. */
const aliases: Record<string, string[]> = {
  'image/jpeg': ['image/jpg', 'image/pjpeg'],
  'image/x-icon': ['image/vnd.microsoft.icon'],
  'audio/wav': ['audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
  'audio/vnd.wave': ['audio/wav', 'audio/x-wav', 'audio/wave'],
  'audio/mpeg': ['audio/mp3', 'audio/x-mp3', 'audio/mpeg3'],
  'audio/x-flac': ['audio/flac'],
  'audio/ogg': ['application/ogg', 'audio/opus'],
  'audio/opus': ['audio/ogg'],
  'audio/mp4': ['audio/m4a', 'audio/x-m4a', 'video/mp4'],
  'audio/x-m4a': ['audio/m4a', 'audio/mp4'],
  'video/mp4': ['audio/mp4'],
  'application/zip': ['application/x-zip-compressed', 'application/x-zip'],
  'application/gzip': ['application/x-gzip'],
  'application/x-cfb': ['application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint'],
  'application/xml': ['text/xml'],
  'application/rtf': ['text/rtf'],
};

/** Declared types that say nothing about the content. */
const noClaim = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'application/unknown']);

/** Declared types acceptable for plain text content (Windows declares CSV as an Excel file). */
const textDeclarations =
  /^(text\/(plain|csv|tab-separated-values|markdown|x-markdown|x-csv)|application\/(csv|x-csv|json|x-ndjson|vnd\.ms-excel))$/;

const normalizeMime = (mime: string | undefined): string => (mime ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** Markup that a browser would execute if it ever rendered the file. */
const activeMarkup =
  /<\s*(script|iframe|object|embed|foreignobject|html|body|meta|base|form)\b|<[^>]*\son[a-z]+\s*=|javascript:/i;
const htmlDocument = /^\s*(<!--[\s\S]*?-->\s*)*<\s*(!doctype\s+html|html|head|body|script|iframe)\b/i;

/** Tab, line feed, form feed and carriage return are text; other C0 controls and DEL mean binary. */
const textControls = new Set([0x09, 0x0a, 0x0c, 0x0d]);
const hasBinaryControl = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && !textControls.has(code)) || code === 0x7f) return true;
  }
  return false;
};

/** Strict UTF-8 with no control characters but tab, line feed, form feed and carriage return. */
function asText(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return hasBinaryControl(text) ? null : text;
  } catch {
    return null;
  }
}

function isJson(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

/** The type of text content, or a refusal for HTML and scripted SVG/XML. */
function textType(text: string, name: string, declared: string): string {
  if (htmlDocument.test(text) || declared === 'text/html' || declared === 'application/xhtml+xml') {
    throw new DomainError('unsupported-type', FILE_TYPE_NOT_ALLOWED);
  }
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) {
    if (activeMarkup.test(text)) throw new DomainError('unsupported-type', FILE_TYPE_NOT_ALLOWED);
    if (/<svg[\s>]/i.test(text)) return 'image/svg+xml';
    return 'application/xml';
  }
  if (isJson(text)) return 'application/json';
  if (/\.csv$/i.test(name) || /csv|vnd\.ms-excel/.test(declared)) return 'text/csv';
  if (/\.tsv$/i.test(name)) return 'text/tab-separated-values';
  return 'text/plain';
}

function declaredMatchesText(declared: string, type: string): boolean {
  if (noClaim.has(declared) || textDeclarations.test(declared)) return true;
  if (type === 'image/svg+xml') return declared === 'image/svg+xml';
  if (type === 'application/xml') return declared === 'application/xml' || declared === 'text/xml';
  return false;
}

/**
 * The stored type of an upload, from its content. Throws 415 for executables, HTML, scripted SVG, unknown
 * binaries and dangerous names, and when the declared type contradicts the content (a spoof).
 */
export async function detectContentType(
  bytes: Uint8Array,
  name: string,
  declaredMime: string | undefined,
): Promise<string> {
  const declared = normalizeMime(declaredMime);
  if (dangerousExtension.test(name.trim())) throw new DomainError('unsupported-type', FILE_TYPE_NOT_ALLOWED);
  const detected = bytes.length ? await fileTypeFromBuffer(bytes) : undefined;
  if (detected && !textualDetected.has(detected.mime)) {
    if (!allowedBinary.some((pattern) => pattern.test(detected.mime)))
      throw new DomainError('unsupported-type', FILE_TYPE_NOT_ALLOWED);
    const acceptable = [detected.mime, ...(aliases[detected.mime] ?? [])];
    if (!noClaim.has(declared) && !acceptable.includes(declared))
      throw new DomainError('unsupported-type', FILE_TYPE_MISMATCH);
    return detected.mime;
  }
  const text = asText(bytes);
  if (text === null) throw new DomainError('unsupported-type', FILE_TYPE_NOT_ALLOWED);
  const type = detected && detected.mime !== 'application/xml' ? detected.mime : textType(text, name, declared);
  if (detected && activeMarkup.test(text)) throw new DomainError('unsupported-type', FILE_TYPE_NOT_ALLOWED);
  const acceptable = [type, ...(aliases[type] ?? [])];
  if (!acceptable.includes(declared) && !declaredMatchesText(declared, type))
    throw new DomainError('unsupported-type', FILE_TYPE_MISMATCH);
  return type;
}
