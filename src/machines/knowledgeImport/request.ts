import { isHttpLink } from '../../api/contract/knowledges.ts';

/** Where an import takes its text from (issue 16 item 1). */
export type ImportSource = 'url' | 'file' | 'csv';

export type ImportRequest =
  | { source: 'url'; url: string }
  | { source: 'file'; file: string }
  | { source: 'csv'; csv: File };

export interface ImportChoice {
  source: ImportSource;
  url: string;
  /** A project file's name. */
  file: string | null;
  csv: File | null;
}

/** What the chosen source would import, or null while it is incomplete (Import stays disabled). */
export function importRequest(choice: ImportChoice): ImportRequest | null {
  switch (choice.source) {
    case 'url': {
      const url = choice.url.trim();
      return url !== '' && isHttpLink(url) ? { source: 'url', url } : null;
    }
    case 'file':
      return choice.file ? { source: 'file', file: choice.file } : null;
    case 'csv':
      return choice.csv ? { source: 'csv', csv: choice.csv } : null;
  }
}
