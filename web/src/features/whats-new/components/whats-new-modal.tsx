import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CloseIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';

/** docs/product/search.md#whats-new: shown about a second after the page loads. */
export const WHATS_NEW_DELAY_MS = 1000;
const CLOSE_FADE_MS = 150;

/** docs/product/search.md#whats-new: the remembered key is derived from the version. */
export function whatsNewKey(version: string): string {
  return `app_update_modal_${version}`;
}

function seen(version: string): boolean {
  try {
    return window.localStorage.getItem(whatsNewKey(version)) !== null;
  } catch {
    // Without storage we cannot remember; better never than on every visit.
    return true;
  }
}

function remember(version: string): void {
  try {
    window.localStorage.setItem(whatsNewKey(version), 'seen');
  } catch {
    /* ignored */
  }
}

export interface WhatsNewModalProps {
  /** The server's appVersion; nothing shows until it is known. */
  version: string | undefined;
  /** The monthly plan price from the server's catalogue. */
  monthlyPrice?: number;
  /**
   * A new version of the app is installed and waiting (docs/product/offline.md#updates): the modal opens at once, says
   * so, and its first button reloads into the new version instead of running the old code on.
   */
  onReload?: () => void;
}

/** 'What's New' (docs/product/search.md#whats-new): once per browser per version, after about 1 s. */
export function WhatsNewModal({ version, monthlyPrice, onReload }: WhatsNewModalProps) {
  const [open, setOpen] = useState(false);
  const [closing, setClosing] = useState(false);
  const fade = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (onReload) {
      setOpen(true);
      return;
    }
    if (!version || seen(version)) return;
    const t = window.setTimeout(() => {
      remember(version);
      setOpen(true);
    }, WHATS_NEW_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [version, onReload]);
  useEffect(() => () => window.clearTimeout(fade.current), []);

  const close = () => {
    if (closing) return;
    setClosing(true);
    fade.current = window.setTimeout(() => {
      setOpen(false);
      setClosing(false);
    }, CLOSE_FADE_MS);
  };

  const items = [
    { title: 'Inbound flight search', text: 'Premium members can now find every flight arriving at one airport.' },
    {
      title: monthlyPrice !== undefined ? `Premium for $${monthlyPrice}/month` : 'A lower Premium price',
      text: 'A limited-time price for unlimited searches and every Premium feature.',
    },
    { title: 'Weather at your destination', text: 'A 7-day forecast on every destination and for your stay.' },
    { title: 'Enhanced maps', text: 'Route maps that show where you can fly from each airport.' },
    { title: 'Rental-car search', text: 'Cars near your destination airport, for your travel dates.' },
  ];

  return (
    <Modal open={open} closing={closing} onClose={close} labelledBy="whats-new-title">
      <div className="relative p-6 sm:p-8" data-testid="whats-new-modal">
        <button
          type="button"
          onClick={close}
          className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
          aria-label="Close"
        >
          <CloseIcon className="size-5" />
        </button>
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          {onReload ? 'A new version is ready' : `Version ${version}`}
        </p>
        <h2 id="whats-new-title" className="mt-1 text-xl font-bold text-slate-900">
          What&apos;s New
        </h2>
        <ul className="mt-4 space-y-3">
          {items.map((it) => (
            <li key={it.title} className="flex gap-3">
              <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" />
              <span>
                <span className="block font-semibold text-slate-900">{it.title}</span>
                <span className="text-sm text-slate-600">{it.text}</span>
              </span>
            </li>
          ))}
        </ul>
        {onReload && (
          <p className="mt-4 text-sm text-slate-700">Reload to use the new version. What you are doing now keeps working until you do.</p>
        )}
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          {onReload ? (
            <Button className="sm:flex-1" onClick={onReload}>
              Reload now
            </Button>
          ) : (
            <Button className="sm:flex-1" onClick={close}>
              Got it
            </Button>
          )}
          <Link
            to={paths.plans}
            onClick={close}
            className="rounded-lg border border-slate-300 px-4 py-2 text-center sm:flex-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            See plans
          </Link>
        </div>
      </div>
    </Modal>
  );
}
