import { statusRoutes } from '@gowild/contract/routes/status';
import { type UnreadablePageBodyResponse, type UnreadablePagesResponse } from '@gowild/contract/status';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-keys';
import { callApi } from '@/lib/call-api';

export const UNREADABLE_PAGES_ERROR = 'Failed to fetch unreadable airline pages';

/** GET /api/admin/unreadable-pages: airline pages the adapter could not read, newest first, without their bodies. */
async function getUnreadablePages(page: number, limit: number, signal?: AbortSignal): Promise<UnreadablePagesResponse> {
  return callApi(statusRoutes.unreadablePages, {
    query: { page, limit },
    action: 'fetch unreadable airline pages',
    defaultMessage: UNREADABLE_PAGES_ERROR,
    prefer: 'error',
    signal,
  });
}

export const useUnreadablePages = (page: number, limit: number) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'unreadable-pages', page, limit],
    queryFn: ({ signal }) => getUnreadablePages(page, limit, signal),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/unreadable-pages/{id}: one page with its kept body. */
async function getUnreadablePage(id: string, signal?: AbortSignal): Promise<UnreadablePageBodyResponse['page']> {
  const body = await callApi(statusRoutes.unreadablePage, {
    params: { id },
    action: 'fetch the airline page',
    defaultMessage: 'Failed to fetch the airline page',
    prefer: 'error',
    signal,
  });
  return body.page;
}

export const useUnreadablePage = (id: string | null) =>
  useQuery({
    queryKey: [...ADMIN_KEY, 'unreadable-page', id],
    queryFn: ({ signal }) => getUnreadablePage(id!, signal),
    enabled: id !== null,
  });
