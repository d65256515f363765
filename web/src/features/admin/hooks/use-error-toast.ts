import { useEffect } from 'react';
import { showToast } from '@/components/ui/toast/toast-store';

/** The error toast of a failed admin load: the server's text, else the section 8 default (one toast per list). */
export function useErrorToast(error: unknown, id: string, fallback: string) {
  useEffect(() => {
    if (!error) return;
    showToast({
      id: `admin-${id}-error`,
      type: 'error',
      title: 'Error',
      message: error instanceof Error && error.message ? error.message : fallback,
    });
  }, [error, id, fallback]);
}
