import { trialDaysLeft } from '@gowild/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Notice } from '@/components/ui/notice';
import { appConfigQueryKey } from '@/lib/app-config';
import { useAuth, useAuthStore } from '@/lib/auth/auth-context';

/** How often, and how many times, the page re-reads the user while Stripe's webhook has not arrived yet. */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_POLL_TRIES = 10;

/**
 * What the return from checkout says (`/profile?checkout=success|canceled`, docs/product/billing.md#checkout). On
 * success it re-reads the user, and keeps re-reading for a while: premium comes from the webhook, which may land a
 * moment after the browser does.
 */
export function CheckoutReturnNotice({ outcome }: { outcome: string | null }) {
  const store = useAuthStore();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [gaveUp, setGaveUp] = useState(false);
  const premium = user?.is_premium === true;

  useEffect(() => {
    if (outcome !== 'success') return;
    let stopped = false;
    let tries = 0;
    let timer: number | undefined;
    const check = async () => {
      await store.refreshUser();
      // Everything that depends on the plan (the subscription, the usage badge); the static config stays.
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== appConfigQueryKey[0] });
      tries += 1;
      if (stopped) return;
      if (store.getState().user?.is_premium) return;
      if (tries >= CONFIRM_POLL_TRIES) setGaveUp(true);
      else timer = window.setTimeout(() => void check(), CONFIRM_POLL_MS);
    };
    void check();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [outcome, store, queryClient]);

  if (outcome === 'canceled') {
    return (
      <Notice tone="neutral" title="Checkout cancelled" data-testid="checkout-return">
        Nothing was charged and your account stays on the Free plan. You can upgrade whenever you like.
      </Notice>
    );
  }
  if (outcome !== 'success') return null;
  if (premium) {
    const days = user ? trialDaysLeft(user) : 0;
    return (
      <Notice tone="success" title="Welcome to Premium!" data-testid="checkout-return">
        {days > 0
          ? `Your free trial has started: ${days} days left. Every premium tool is unlocked now.`
          : 'Your subscription is active. Every premium tool is unlocked now.'}
      </Notice>
    );
  }
  return (
    <Notice tone="info" title={gaveUp ? 'Payment received' : 'Confirming your subscription…'} data-testid="checkout-return">
      {gaveUp
        ? 'Premium is on its way and will show here within a few minutes. Reload this page if it does not.'
        : 'Thanks! We are waiting for the payment service to confirm your subscription.'}
    </Notice>
  );
}
