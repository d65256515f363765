import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}

/** The confirm step before an operator action. */
export function ConfirmDialog({ request, busy, onClose }: { request: ConfirmRequest | null; busy: boolean; onClose: () => void }) {
  const id = useId();
  return (
    <Modal open={request !== null} onClose={onClose} labelledBy={id}>
      {request && (
        <div className="p-6">
          <h2 id={id} className="text-lg font-bold text-slate-900">
            {request.title}
          </h2>
          <p className="mt-2 text-sm text-slate-700">{request.message}</p>
          <div className="mt-6 flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button variant={request.danger ? 'danger' : 'primary'} isLoading={busy} onClick={request.onConfirm}>
              {request.confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
