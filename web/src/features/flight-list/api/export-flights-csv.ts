import { apiStream } from '@/lib/api-client';

/** What an export asks for: the search's own call and query, with `format=csv` added. */
export interface FlightsExport {
  /**
   * '/flights/search' (a single day), '/flights/inbound' (every origin into one airport), '/flights/anywhere' (a
   * range) or '/flights/home' (get me home's ways home).
   */
  path: '/flights/search' | '/flights/inbound' | '/flights/anywhere' | '/flights/home';
  query: Record<string, string>;
}

export const EXPORT_TEXTS = {
  button: 'Export CSV',
  busy: 'Exporting…',
  failed: 'Failed to export flights',
} as const;

/** The file name the server gave (Content-Disposition), else a plain one. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'gowild-flights.csv';
}

/**
 * GET the search's call with `format=csv` (docs/product/anywhere.md#export) and hand the file to the browser as a
 * download. The server runs it as the same search (a free user's export of a search already made today is a free
 * repeat); a refusal rejects with the server's words.
 */
export async function exportFlightsCsv(target: FlightsExport): Promise<string> {
  // Not callApi: the answer is a CSV file handed to the browser as it is, not JSON read by the entry's schema.
  const response = await apiStream(target.path, {
    action: 'export flights',
    query: { ...target.query, format: 'csv' },
    headers: { accept: 'text/csv, application/json' },
    prefer: 'message',
    defaultMessage: EXPORT_TEXTS.failed,
  });
  const name = fileNameOf(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // The click has started the download; the address is no longer needed once this turn of the event loop ends.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
