import { PageHeader } from '@/app/routes/page-header';
import { NotificationsView } from '@/features/alerts/components/notifications-view';
import { PushControl } from '@/features/alerts/components/push-control';
import { DigestPanel } from '@/features/digest/components/digest-panel';
import { OfflineAlertsNotice } from '@/features/offline/components/offline-alerts-notice';
import { useAuth } from '@/lib/auth/auth-context';

/** /notifications: premium-only (the router's guard); the user's price alerts and the form to add one. */
export function NotificationsRoute() {
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageHeader
        title="Flight Notifications"
        subtitle="Price alerts watch a route on up to 5 dates, window alerts a date (or a few) whose GoWild has not opened yet, and the results and the route builder add seat, any-destination and chain alerts; each tells you once, by e-mail, web push, Telegram or Discord."
      />
      <OfflineAlertsNotice />
      <PushControl />
      <NotificationsView phoneNumber={user?.phone_number ?? null} />
      <DigestPanel />
    </div>
  );
}
