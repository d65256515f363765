import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { EXPORT_TEXTS, type FlightsExport, exportFlightsCsv } from '../api/export-flights-csv';

/** 'Export CSV' on the results: downloads the answer as a CSV file; a refusal is said beside the button. */
export function ExportCsvButton({ target, disabled }: { target: FlightsExport; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await exportFlightsCsv(target);
    } catch (e) {
      setError(errorMessage(e, EXPORT_TEXTS.failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button variant="secondary" size="sm" onClick={() => void run()} disabled={disabled || busy} data-testid="export-csv">
        {busy ? EXPORT_TEXTS.busy : EXPORT_TEXTS.button}
      </Button>
      {error ? (
        <span role="alert" className="text-xs text-red-700">
          {error}
        </span>
      ) : null}
    </span>
  );
}
