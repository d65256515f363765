import { type ParamsOf, type RouteSpec, type SuccessBody, fillPath } from '@gowild/contract/route';
import type { z } from 'zod';
import type { QueryValue } from './api-url';
import { type RequestOptions, apiRequest, readAnswer } from './api-client';

type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** What a call sends, typed by its route table entry (decision 302): the path's values, the query and the body. */
export type CallInput<R extends RouteSpec> = Omit<RequestOptions, 'method' | 'body' | 'query'> & {
  params?: ParamsOf<R>;
  /** Required fields may be left out: the server's validation answers for them, with the texts the page shows. */
  query?: R['query'] extends z.ZodType ? Partial<Input<R['query']>> & Record<string, QueryValue> : never;
  body?: Input<R['body']>;
  /**
   * The text when a 2xx answer does not fit the entry's schema (an ApiError, status 200). Without it such an answer
   * throws the schema's own error.
   */
  unreadable?: string;
};

/**
 * A call to the route table's entry `spec` (`/api` and the method from the entry, each `:name` filled from
 * `params`), its answer read by the entry's success schema: a renamed route or a changed answer fails to compile here.
 */
export async function callApi<R extends RouteSpec>(spec: R, input: CallInput<R>): Promise<SuccessBody<R>> {
  const { params, unreadable, ...options } = input;
  const path = fillPath(spec.path, params as Record<string, unknown> | undefined).replace(/^\/api/, '');
  const body = await apiRequest<unknown>(path, { ...options, method: spec.method });
  const schema = (spec.responses[201] ?? spec.responses[200]) as z.ZodType<SuccessBody<R>> | undefined;
  if (!schema) return body as SuccessBody<R>;
  return unreadable === undefined ? schema.parse(body) : readAnswer(schema, body, unreadable);
}
