import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { useAppConfig } from '@/lib/app-config';
import { useAuth, useAuthStore } from '@/lib/auth/auth-context';

/** The modal fades out for 150 ms before it goes (docs/product/accounts-and-plans.md#welcome-modal). */
export const WELCOME_CLOSE_DELAY_MS = 150;

/**
 * Shown once after registration; the quota figure comes from the server's config
 * (docs/product/accounts-and-plans.md#free-search-quota).
 */
export function WelcomeModal() {
  const { showWelcomeModal, user } = useAuth();
  const store = useAuthStore();
  const config = useAppConfig();
  const navigate = useNavigate();
  const [closing, setClosing] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const close = (to?: string) => {
    if (closing) return;
    setClosing(true);
    timer.current = window.setTimeout(() => {
      store.hideWelcomeModal();
      setClosing(false);
      if (to) void navigate(to);
    }, WELCOME_CLOSE_DELAY_MS);
  };

  const perDay = config.data?.freeSearchesPerDay;
  const quota = perDay === undefined ? 'free searches every day' : `${perDay} free ${perDay === 1 ? 'search' : 'searches'} per day`;

  return (
    <Modal open={showWelcomeModal} closing={closing} onClose={() => close()} labelledBy="welcome-title">
      <div className="relative p-6 sm:p-8">
        <button
          type="button"
          onClick={() => close()}
          className="absolute top-3 right-3 rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
          aria-label="Close"
        >
          <CloseIcon className="size-5" />
        </button>
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
          <CheckIcon className="size-6" />
        </div>
        <h2 id="welcome-title" className="text-center text-xl font-bold text-slate-900">
          Welcome to GoWild Finder{user?.first_name ? `, ${user.first_name}` : ''}!
        </h2>
        <p className="mt-3 text-center text-slate-600">
          Your free account is ready. It includes <strong className="text-slate-900">{quota}</strong> to find GoWild, Standard and Discount
          Den fares from your airport.
        </p>
        <p className="mt-2 text-center text-sm text-slate-500">
          Premium removes the limit and adds inbound, single-route and return searches, seat counts and flight alerts.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Button size="lg" onClick={() => close(paths.home)}>
            Start Searching Flights
          </Button>
          <Button size="lg" variant="secondary" onClick={() => close(paths.plans)}>
            Upgrade to Premium
          </Button>
        </div>
      </div>
    </Modal>
  );
}
