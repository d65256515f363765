import type { CSSProperties, ReactNode } from 'react';

type Tone = 'error' | 'success' | 'warning' | 'caution' | 'info' | 'limit' | 'brand' | 'neutral';
const TONES: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  // docs/product/search.md#summary-errors: flight data that is gone (expired, never stored) is a yellow box, not an error.
  caution: 'border-yellow-300 bg-yellow-50 text-yellow-950',
  info: 'border-sky-200 bg-sky-50 text-sky-900',
  // docs/product/search.md#search-errors: the daily search limit is the orange panel.
  limit: 'border-orange-300 bg-orange-50 text-orange-950',
  brand: 'border-brand-200 bg-brand-50 text-brand-900',
  neutral: 'border-slate-200 bg-white text-slate-700',
};

/** md: a line or two inside a page; lg: a panel in place of results; page: the whole page's answer. */
type Size = 'md' | 'lg' | 'page';
const SIZES: Record<Size, { box: string; title: string; body: string }> = {
  md: { box: 'rounded-lg px-4 py-3', title: 'font-semibold', body: 'mt-1' },
  lg: { box: 'rounded-xl p-4', title: 'text-lg font-bold', body: 'mt-1' },
  page: { box: 'rounded-xl p-6', title: 'text-xl font-bold', body: 'mt-2' },
};

export interface NoticeProps {
  tone?: Tone;
  size?: Size;
  title?: ReactNode;
  /** A panel's title is a heading in the page outline (h1 when the notice is the page); plain notices use p. */
  titleAs?: 'p' | 'h1' | 'h2' | 'h3';
  /**
   * Errors are announced as alerts and the rest politely by default; 'alert' for a warning that must interrupt,
   * null for a box that is part of the page rather than news (a hint, an empty result).
   */
  role?: 'alert' | 'status' | null;
  /** A button or link: below the text, or at the end of the line beside it ('end'). */
  action?: ReactNode;
  actionAt?: 'below' | 'end';
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** An inline message box: the app's one look for errors, warnings, hints and empty results. */
export function Notice({
  tone = 'info',
  size = 'md',
  title,
  titleAs: Title = 'p',
  role,
  action,
  actionAt = 'below',
  children,
  className = '',
  style,
  'data-testid': testId,
}: NoticeProps) {
  const s = SIZES[size];
  const announce = role === undefined ? (tone === 'error' ? 'alert' : 'status') : (role ?? undefined);
  const text = (
    <>
      {title && <Title className={s.title}>{title}</Title>}
      {children && <div className={title ? s.body : ''}>{children}</div>}
    </>
  );
  return (
    <div
      role={announce}
      data-testid={testId}
      style={style}
      className={`border text-sm ${s.box} ${TONES[tone]} ${action && actionAt === 'end' ? 'flex flex-wrap items-center justify-between gap-2' : ''} ${className}`}
    >
      {action && actionAt === 'end' ? <div className="min-w-0 flex-1 basis-64">{text}</div> : text}
      {action && actionAt === 'below' ? <div className="mt-3">{action}</div> : null}
      {action && actionAt === 'end' ? action : null}
    </div>
  );
}
