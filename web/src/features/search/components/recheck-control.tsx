import { checkedAgoText } from '@gowild/contract/observations';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { ApiError } from '@/lib/api-client';
import { RECHECK_TEXTS } from '../api/recheck-destination';

export interface RecheckControlProps {
  /** When the shown answer was fetched (ISO instant); without it the line says only what the button does. */
  checkedAt?: string;
  /**
   * Asks the airline again for this destination and puts the answer on the card. Resolves to why it could not be
   * re-checked although the server answered (null when it was); throws the server's refusal (an ApiError).
   */
  onRecheck: () => Promise<string | null>;
}

/**
 * A premium traveller's live re-check of one destination (docs/product/observations.md#freshness), next to how fresh
 * the card's fares are: busy while the airline is asked, then the refreshed card, or the server's words when it
 * refused (no premium, no searches left, the airline's share used up) or the airline did not answer.
 */
export function RecheckControl({ checkedAt, onRecheck }: RecheckControlProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const recheck = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setProblem(await onRecheck());
    } catch (e) {
      setProblem(e instanceof ApiError && e.message ? e.message : RECHECK_TEXTS.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2" data-testid="recheck">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <span data-testid="recheck-freshness" aria-live="polite">
          {busy ? 'Asking the airline…' : checkedAt ? `Fares ${checkedAgoText(checkedAt)}` : 'Fares as last checked'}
        </span>
        <Button variant="outline" size="xs" onClick={() => void recheck()} isLoading={busy} data-testid="recheck-button">
          {busy ? RECHECK_TEXTS.busy : RECHECK_TEXTS.button}
        </Button>
      </div>
      {problem ? (
        <Notice tone="warning" role="alert" data-testid="recheck-problem">
          {problem}
        </Notice>
      ) : null}
    </div>
  );
}
