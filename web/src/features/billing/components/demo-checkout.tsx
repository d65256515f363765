import { BILLING_MESSAGES } from '@gowild/contract/billing';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { CrownIcon } from '@/components/ui/icons';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { showToast } from '@/components/ui/toast/toast-store';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatPrice } from '@gowild/contract/money';
import { useConfirmDemoCheckout } from '../api/confirm-demo-checkout';
import { useDemoCheckout } from '../api/get-demo-checkout';
import { checkoutFailureText } from '../hooks/use-upgrade';
import { longDate, pricePerInterval } from '../utils/subscription-text';
import { DemoBadge } from './demo-badge';

/** The path and query of a return address, so the demo stays on the host the browser reached the app by. */
export function inAppPath(url: string): string {
  const parsed = new URL(url, window.location.origin);
  return `${parsed.pathname}${parsed.search}`;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="shrink-0 text-sm whitespace-nowrap text-slate-600">{label}</dt>
      <dd
        className={`min-w-0 text-right [overflow-wrap:anywhere] ${strong ? 'text-base font-bold text-slate-900' : 'text-sm text-slate-900'}`}
      >
        {value}
      </dd>
    </div>
  );
}

/**
 * The demo checkout (docs/product/billing.md#demo-checkout): plan, price, trial and 'Demo: no card is charged', with
 * Confirm (the same subscription code a real payment runs) and Cancel.
 */
export function DemoCheckout({ sessionId }: { sessionId: string | null }) {
  const checkout = useDemoCheckout(sessionId);
  const confirm = useConfirmDemoCheckout();
  const navigate = useNavigate();

  if (!sessionId || checkout.isError) {
    return (
      <Notice
        tone="error"
        size="page"
        title="Demo checkout not found"
        action={<ButtonLink to={paths.plans}>Back to plans</ButtonLink>}
        data-testid="demo-checkout-missing"
      >
        {checkout.isError ? errorMessage(checkout.error, BILLING_MESSAGES.demoSessionMissing) : BILLING_MESSAGES.demoSessionMissing}
      </Notice>
    );
  }
  if (checkout.isPending) return <PageSpinner label="Loading the demo checkout" />;
  const data = checkout.data;
  if (data.status !== 'open') {
    return (
      <Notice
        tone="info"
        size="page"
        title={data.status === 'complete' ? 'This checkout is complete' : 'This checkout has expired'}
        action={
          <ButtonLink to={data.status === 'complete' ? paths.profile : paths.plans}>
            {data.status === 'complete' ? 'Go to your profile' : 'Back to plans'}
          </ButtonLink>
        }
      >
        {BILLING_MESSAGES.demoSessionClosed}
      </Notice>
    );
  }

  const { plan } = data;
  const onConfirm = () =>
    confirm.mutate(data.id, {
      onSuccess: ({ redirect_url }) => void navigate(inAppPath(redirect_url)),
      onError: (e) =>
        showToast({ id: 'upgrade-failed', type: 'error', title: BILLING_MESSAGES.upgradeFailedTitle, message: checkoutFailureText(e) }),
    });

  return (
    <section aria-labelledby="demo-checkout-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="demo-checkout-title" className="text-2xl font-bold text-slate-900">
          Demo checkout
        </h1>
        <DemoBadge />
      </div>
      <p className="mt-2 text-sm text-slate-600">
        Billing runs as a demo on this server: no card is needed and nothing is charged. Confirm starts the same subscription a real payment
        would.
      </p>

      <div className="mt-6 rounded-xl bg-slate-50 p-4 sm:p-5">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <CrownIcon className="size-5 text-amber-500" />
          GoWild Finder Premium · {plan.name}
        </p>
        <p className="mt-2 flex flex-wrap items-baseline gap-x-2" data-testid="demo-checkout-price">
          <span className="text-3xl font-extrabold tracking-tight text-slate-900">{formatPrice(plan.price)}</span>
          <span className="text-sm text-slate-500">/{plan.interval}</span>
          {plan.regularPrice > plan.price && <span className="text-slate-500 line-through">{formatPrice(plan.regularPrice)}</span>}
        </p>
        <dl className="mt-4 divide-y divide-slate-200 border-t border-slate-200">
          {data.trial_days > 0 && data.trial_end !== null ? (
            <>
              <Row label="Free trial" value={`${data.trial_days} days, until ${longDate(data.trial_end)}`} />
              <Row label="Then" value={`${pricePerInterval(plan)} from ${longDate(data.trial_end)}`} />
              <Row label="Due today" value="$0" strong />
            </>
          ) : (
            <>
              <Row label="Free trial" value="Already used on this account" />
              <Row label="Due today" value={formatPrice(plan.price)} strong />
            </>
          )}
          <Row label="Account" value={data.email} />
          <Row label="Card" value="Not needed in the demo" />
        </dl>
      </div>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={() => void navigate(inAppPath(data.cancel_url))} disabled={confirm.isPending}>
          Cancel
        </Button>
        <Button size="lg" onClick={onConfirm} isLoading={confirm.isPending}>
          Confirm
        </Button>
      </div>
    </section>
  );
}
