import { type GoWildGap, GOWILD_GAP_TEXTS, type PassCharges, goWildGapDetail, goWildGapTitle } from '@gowild/contract/gowild-explain';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { paths } from '@/config/paths';

export interface GoWildGapNoticeProps {
  gap: GoWildGap;
  charges: PassCharges | null;
  /** Premium users: opens the "Alert me when it opens" modal for this route and date. */
  onAlert?: () => void;
  isPremium: boolean;
  'data-testid'?: string;
}

/**
 * Why a flight list has no GoWild fare (docs/product/search.md#why-no-gowild): blacked out, or the booking window not
 * open yet, with the charge the airline sells for it and, while the window is shut, an alert for when it opens.
 */
export function GoWildGapNotice({ gap, charges, onAlert, isPremium, 'data-testid': testId = 'gowild-gap' }: GoWildGapNoticeProps) {
  const offerAlert = gap.reason === 'not_open';
  return (
    <Notice
      tone="info"
      role={null}
      title={goWildGapTitle(gap)}
      data-testid={testId}
      action={
        offerAlert ? (
          isPremium ? (
            onAlert ? (
              <Button size="xs" variant="outline" onClick={onAlert} aria-haspopup="dialog" data-testid="gap-alert-button">
                {GOWILD_GAP_TEXTS.alertButton}
              </Button>
            ) : null
          ) : (
            <Link to={paths.plans} className="text-sm font-semibold underline underline-offset-2">
              Upgrade to get an alert when it opens
            </Link>
          )
        ) : null
      }
    >
      {goWildGapDetail(gap, charges)}
    </Notice>
  );
}
