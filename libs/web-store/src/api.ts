import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { createApi } from '@reduxjs/toolkit/query/react';
import { ApiError, request, type RequestOptions } from '@teaminbox/api-client';

/** One call of the server through the app's http client: a path under /api and the client's options. */
export interface ApiRequest extends RequestOptions {
  path: string;
}

/**
 * A failed call as the cache keeps it (plain data, not the client's error class): the HTTP status (0 when the
 * network failed), the server's message and its body.
 */
export interface ApiFailure {
  status: number;
  message: string;
  body?: unknown;
}

/**
 * The cache's way to the server: the existing http client (`request`), so every call carries the same bearer token
 * and reports its failures the same way (401 ends the session, 449 asks for an upgrade, notices or logs as the
 * options say). Calls are secured unless they say otherwise.
 */
export const httpBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiFailure> = async ({ path, ...options }) => {
  try {
    return { data: await request<unknown>(path, { secured: true, ...options }) };
  } catch (error) {
    if (error instanceof ApiError) return { error: { status: error.status, message: error.message, body: error.body } };
    return { error: { status: 0, message: error instanceof Error ? error.message : String(error) } };
  }
};

/**
 * The server data of every screen, one cache per resource. The shell's store holds its reducer and middleware;
 * remotes add their endpoints with `webApi.injectEndpoints`. Socket pushes and the screens' own changes invalidate
 * the tags, and whatever a mounted screen shows is fetched again.
 */
export const webApi = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: ['Member', 'Label', 'ReplyTemplate', 'Rule'],
  endpoints: () => ({}),
});

export type WebApiTag = Parameters<typeof webApi.util.invalidateTags>[0][number];
