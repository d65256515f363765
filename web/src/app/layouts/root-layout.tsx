import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from '@/app/layouts/footer';
import { TopBar } from '@/app/layouts/top-bar';
import { Toaster } from '@/components/ui/toast/toaster';
import { WelcomeModal } from '@/features/auth/components/welcome-modal';
import { OfflineBanner } from '@/features/offline/components/offline-banner';
import { useEarlyResultsGrace } from '@/features/search/early/use-early-results-hand-over';
import { UpdatePrompt } from '@/features/whats-new/components/update-prompt';

/** The frame of every page: top bar, content, footer, toasts and the post-registration welcome modal. */
export function RootLayout() {
  const navigation = useNavigation();
  useEarlyResultsGrace();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' && (
        <div className="fixed inset-x-0 top-0 z-[70] h-0.5 animate-pulse bg-brand-500" aria-hidden="true" />
      )}
      <TopBar />
      <OfflineBanner />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <Toaster />
      <WelcomeModal />
      <UpdatePrompt />
      <ScrollRestoration />
    </div>
  );
}
