/**
 * Transport and error rules of every /v1 call (docs/architecture.md#layers): below both providers and the
 * public screens, above `domain` only. No React, no react-admin: the login chunk loads it.
 */
export { ApiError, asErrorBody, isApiError } from './apiError';
export { apiPath, classifyFailure, isLoginUrl, responseFailure, retryAfterSeconds } from './errorRules';
export type { Failure, FailureOutcome } from './errorRules';
export { createHttpClient } from './httpClient';
export type { HttpClient, HttpClientOptions, HttpResponse, RequestOptions, SessionPort } from './httpClient';
export { apiUrlFor, buildQuery, defaultFetch, isAbortError, send } from './transport';
export type { FetchFn, Query, QueryValue, RawResponse } from './transport';
