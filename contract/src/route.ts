import { z } from 'zod';
import { apiErrorSchema } from './errors';

/**
 * Who may call a route, as the role matrix checks it (the route's own pre-handler enforces it; this is the
 * declaration): anyone; any signed-in, active account; a premium account (an admin account is not premium); an admin.
 * A search's kind can raise it (an outbound search with a destination is premium); the route says so in its summary.
 */
export type RouteAccess = 'public' | 'signed-in' | 'premium' | 'admin';

/**
 * What a 2xx answer is: JSON checked by the success schema (the default), NDJSON events, JSON or a CSV file
 * (`format=csv`), or HTML for a browser (the digest's unsubscribe page).
 */
export type RouteAnswer = 'json' | 'stream' | 'json-or-csv' | 'html';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Every /api error has this body; extra fields (a search's quota, a conflict's detail) pass through. */
export const errorBody = apiErrorSchema.loose();

/** One endpoint: written once here, read by the server's registration, the web client, the fakes, OpenAPI and the role matrix. */
export interface RouteSpec {
  method: RouteMethod;
  /** With `:name` for each path parameter. */
  path: string;
  /** The OpenAPI operation's one line. */
  summary: string;
  tags: readonly string[];
  access: RouteAccess;
  /** A personal API key may call it (decision 268); every other route refuses a key. */
  keyed?: true;
  answer?: RouteAnswer;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Status -> schema of that answer's body: the success answer and the errors the route documents. */
  responses: Readonly<Record<number, z.ZodType>>;
}

/** Keeps an entry's literal path and exact schemas in its type (what the typed helpers on both sides read). */
export const route = <const R extends RouteSpec>(spec: R): R => spec;

/** The documented error answers, each with the one error body. */
export function errors<const S extends readonly number[]>(...statuses: S): { [K in S[number]]: typeof errorBody } {
  return Object.fromEntries(statuses.map((status) => [status, errorBody])) as { [K in S[number]]: typeof errorBody };
}

type SuccessStatus<R extends RouteSpec> = Extract<keyof R['responses'], 200 | 201>;
/** The schema of a route's success answer (200, or 201 for a create). */
export type SuccessSchema<R extends RouteSpec> = R['responses'][SuccessStatus<R>];
/** A route's success body as the server sends it. */
export type SuccessBody<R extends RouteSpec> = SuccessSchema<R> extends z.ZodType ? z.output<SuccessSchema<R>> : never;

/** The status a route answers on success. */
export function successStatus(spec: RouteSpec): number {
  return spec.responses[201] ? 201 : 200;
}

/** Each `:name` of a path. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type ParamsOf<R extends RouteSpec> = R['params'] extends z.ZodType
  ? z.input<R['params']>
  : [PathParams<R['path']>] extends [never]
    ? undefined
    : Record<PathParams<R['path']>, string>;

/** The path with each `:name` filled (URI-encoded) from `params`. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** 'METHOD /api/path', the key the role matrix, the fakes and the server's check name a route by. */
export const routeKey = (spec: Pick<RouteSpec, 'method' | 'path'>): string => `${spec.method} ${spec.path}`;
