import { useCallback, useEffect, useRef, useState } from 'react';

/** The slice of Google Identity Services (accounts.google.com/gsi/client) the app uses. */
interface PromptNotification {
  isNotDisplayed?: () => boolean;
  isSkippedMoment?: () => boolean;
  isDismissedMoment?: () => boolean;
  getNotDisplayedReason?: () => string;
  getSkippedReason?: () => string;
  getDismissedReason?: () => string;
}
export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        cancel_on_tap_outside?: boolean;
        use_fedcm_for_prompt?: boolean;
      }): void;
      prompt(listener?: (notification: PromptNotification) => void): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
      cancel(): void;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/**
 * Waits of docs/product/accounts-and-plans.md#google-sign-in: the library gets 15 s to load, a sign-in 30 s, the
 * fallback button lives 60 s.
 */
export const GOOGLE_TIMING = { preparingMs: 500, libraryLoadMs: 15_000, signInMs: 30_000, fallbackButtonMs: 60_000, pollMs: 100 } as const;

/** Error texts of docs/product/accounts-and-plans.md#google-sign-in. */
export const GOOGLE_MESSAGES = {
  cancelled: 'Sign-in was cancelled or timed out. Please try again.',
  popupBlocked: 'Pop-up was blocked. Please enable pop-ups and try again.',
  notInitialized: 'Please refresh the page and try again.',
  notLoaded: 'Google Identity Services not loaded. Please refresh the page.',
  failed: 'Google Sign-In failed',
} as const;

let scriptPromise: Promise<GoogleIdentity> | null = null;

/** Adds the GIS script tag to the page once; loading it is the browser's business. */
export function addGoogleScript(): void {
  if (document.querySelector(`script[src="${GOOGLE_SCRIPT_URL}"]`)) return;
  const script = document.createElement('script');
  script.src = GOOGLE_SCRIPT_URL;
  script.async = true;
  document.head.appendChild(script);
}

/** Loads the GIS script once; resolves when window.google.accounts.id exists, or rejects after `timeoutMs`. */
export function loadGoogleIdentity(timeoutMs: number = GOOGLE_TIMING.libraryLoadMs): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  scriptPromise ??= new Promise<GoogleIdentity>((resolve, reject) => {
    addGoogleScript();
    const started = Date.now();
    const poll = window.setInterval(() => {
      if (window.google?.accounts?.id) {
        window.clearInterval(poll);
        resolve(window.google);
      } else if (Date.now() - started >= timeoutMs) {
        window.clearInterval(poll);
        scriptPromise = null;
        reject(new Error(GOOGLE_MESSAGES.notLoaded));
      }
    }, GOOGLE_TIMING.pollMs);
  });
  return scriptPromise;
}

/** Maps what GIS reports when no credential came back to a text of docs/product/accounts-and-plans.md#google-sign-in. */
export function googleFailureMessage(reason: string | undefined): string {
  if (!reason) return GOOGLE_MESSAGES.cancelled;
  if (/popup_failed_to_open|popup_blocked/.test(reason)) return GOOGLE_MESSAGES.popupBlocked;
  if (/unregistered_origin|invalid_client|missing_client_id/.test(reason)) return GOOGLE_MESSAGES.notInitialized;
  return GOOGLE_MESSAGES.cancelled;
}

export type GoogleStatus = 'preparing' | 'ready' | 'signing-in' | 'unavailable';

/**
 * Google sign-in state: preparing (at least ~0.5 s while the library loads), ready, signing in. `onCredential`
 * receives the ID token; errors arrive as the texts of docs/product/accounts-and-plans.md#google-sign-in. When the
 * one-tap prompt cannot show, Google's own button is rendered into `fallbackRef` for 60 s.
 */
export function useGoogleIdentity(clientId: string | null, onCredential: (credential: string) => Promise<void>) {
  const [status, setStatus] = useState<GoogleStatus>('preparing');
  const [error, setError] = useState<string | null>(null);
  const [showFallback, setShowFallback] = useState(false);
  const fallbackRef = useRef<HTMLDivElement>(null);
  const initialized = useRef(false);
  const signInTimer = useRef<number | undefined>(undefined);
  const fallbackTimer = useRef<number | undefined>(undefined);
  const handler = useRef(onCredential);
  useEffect(() => {
    handler.current = onCredential;
  });

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    const minDelay = new Promise((r) => window.setTimeout(r, GOOGLE_TIMING.preparingMs));
    Promise.all([loadGoogleIdentity(), minDelay])
      .then(([google]) => {
        if (cancelled) return;
        google.accounts.id.initialize({
          client_id: clientId,
          cancel_on_tap_outside: true,
          use_fedcm_for_prompt: true,
          callback: (response) => {
            window.clearTimeout(signInTimer.current);
            if (!response.credential) {
              setError(GOOGLE_MESSAGES.cancelled);
              setStatus('ready');
              return;
            }
            setStatus('signing-in');
            handler
              .current(response.credential)
              .catch((e: unknown) => setError(e instanceof Error && e.message ? e.message : GOOGLE_MESSAGES.failed))
              .finally(() => setStatus('ready'));
          },
        });
        initialized.current = true;
        setStatus('ready');
      })
      .catch(() => {
        if (cancelled) return;
        setError(GOOGLE_MESSAGES.notLoaded);
        setStatus('unavailable');
      });
    return () => {
      cancelled = true;
      window.clearTimeout(signInTimer.current);
      window.clearTimeout(fallbackTimer.current);
    };
  }, [clientId]);

  useEffect(() => {
    if (!showFallback || !fallbackRef.current || !window.google) return;
    window.google.accounts.id.renderButton(fallbackRef.current, {
      type: 'standard',
      theme: 'outline',
      size: 'large',
      text: 'continue_with',
      width: 280,
    });
    fallbackTimer.current = window.setTimeout(() => setShowFallback(false), GOOGLE_TIMING.fallbackButtonMs);
  }, [showFallback]);

  const signIn = useCallback(() => {
    setError(null);
    const google = window.google;
    if (!google?.accounts?.id) {
      setError(GOOGLE_MESSAGES.notLoaded);
      return;
    }
    if (!initialized.current) {
      setError(GOOGLE_MESSAGES.notInitialized);
      return;
    }
    setStatus('signing-in');
    window.clearTimeout(signInTimer.current);
    signInTimer.current = window.setTimeout(() => {
      setError(GOOGLE_MESSAGES.cancelled);
      setStatus('ready');
    }, GOOGLE_TIMING.signInMs);
    try {
      google.accounts.id.prompt((n) => {
        if (n.isNotDisplayed?.() || n.isSkippedMoment?.()) {
          window.clearTimeout(signInTimer.current);
          const reason = n.getNotDisplayedReason?.() ?? n.getSkippedReason?.();
          setStatus('ready');
          // One-tap cannot show (no Google session, cookies off…): offer Google's own button instead.
          if (reason === 'opt_out_or_no_session' || reason === 'suppressed_by_user' || reason === 'unknown_reason') setShowFallback(true);
          else setError(googleFailureMessage(reason));
        }
      });
    } catch (e) {
      window.clearTimeout(signInTimer.current);
      setStatus('ready');
      setError(e instanceof Error && e.message ? googleFailureMessage(e.message) : GOOGLE_MESSAGES.failed);
    }
  }, []);

  return { status, error, signIn, showFallback, fallbackRef };
}
