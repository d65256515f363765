import { PageHeader } from '@/app/routes/page-header';

/** /notifications: premium-only; the Alerts issue builds the page. */
export function NotificationsRoute() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <PageHeader title="Flight Notifications" />
    </div>
  );
}
