import { downloadFromApi } from './client.ts';

/**
 * A list's CSV (`format=csv`, streamed by the server) as a Blob with the file name the server gives. It is not JSON,
 * so it does not go through `callApi` but through `downloadFromApi` (the same error table: an expired session shows
 * the login); the caller shows 'Cannot download file!' for any other failure.
 */
export async function downloadCsv(
  path: string,
  filter: Record<string, string | undefined>,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const { blob, fileName } = await downloadFromApi(path, { format: 'csv', ...filter });
  return { blob, fileName: fileName ?? fallbackName };
}
