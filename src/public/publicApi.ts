/** Unauthenticated calls of the public screens (forgot / reset password). */
import { ApiError } from '../api/apiError';
import { classifyFailure, responseFailure } from '../api/errorRules';
import { apiUrlFor, defaultFetch, send, type FetchFn } from '../api/transport';

export async function postPublic<T>(
  apiUrl: string,
  path: string,
  body: unknown,
  fetchFn: FetchFn = defaultFetch,
): Promise<{ status: number; json: T }> {
  let response;
  try {
    response = await send<T>(fetchFn, apiUrlFor(apiUrl, path), { method: 'POST', body });
  } catch {
    throw new ApiError(classifyFailure({ kind: 'network', path }).message, 0);
  }
  if (!response.ok) throw responseFailure(path, response).error;
  return { status: response.status, json: response.json };
}
