import { useOfflineState } from '@/lib/offline/offline-state';
import { reloadIntoUpdate } from '@/lib/offline/service-worker';
import { WhatsNewModal } from './whats-new-modal';

/** On any page: when a new version waits, the What's New modal asks to reload into it (docs/product/offline.md#updates). */
export function UpdatePrompt() {
  const { updateReady } = useOfflineState();
  return updateReady ? <WhatsNewModal version={undefined} onReload={reloadIntoUpdate} /> : null;
}
