import { redactQuerySecrets } from '../../lib/log-redaction';

/**
 * An airline answer the adapter could not read (the page changed, a results page for another search, JSON that is
 * not), handed to whoever keeps such pages for an operator (docs/product/status.md#unreadable-airline-pages).
 */
export interface UnreadablePage {
  /** The address the answer came from, with secret query values (`key=`, `token=`…) redacted. */
  url: string;
  status: number;
  contentType: string | null;
  body: string;
  reason: string;
}

export type UnreadablePageListener = (page: UnreadablePage) => void;

/** The page as the listener gets it: the URL without user info or secret query values. */
export function unreadablePage(
  url: URL,
  res: { status: number; headers: Record<string, string | string[] | undefined>; body: string },
  reason: string,
): UnreadablePage {
  const clean = new URL(url.href);
  clean.username = '';
  clean.password = '';
  const type = res.headers['content-type'];
  return {
    url: redactQuerySecrets(clean.href),
    status: res.status,
    contentType: typeof type === 'string' ? type : null,
    body: res.body,
    reason,
  };
}
