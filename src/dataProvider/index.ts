/** The admin's data layer. dataProvider.ts imports react-admin: import this module from the admin chunk only. */
export { ApiError, isApiError } from './apiError';
export { apiPath, classifyFailure, isLoginUrl } from './errorRules';
export type { Failure, FailureOutcome } from './errorRules';
export { createHttpClient } from './httpClient';
export type { HttpClient, HttpClientOptions, HttpResponse, RequestOptions } from './httpClient';
export { createDataProvider, toRecordWith } from './dataProvider';
export type { DataProviderOptions } from './dataProvider';
export type { Query, QueryValue } from './transport';
export type * from './types';
