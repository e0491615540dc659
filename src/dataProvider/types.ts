/**
 * The data provider's contract (docs/architecture.md#declarations): react-admin's methods over the declarations'
 * API tables, plus the named custom methods that declarations bring with them.
 */
import type { DataProvider, RaRecord } from 'react-admin';
import type { HttpClient, Query } from '../api';

export type ApiRecord = Record<string, unknown>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Where one action of a resource goes, when it is not the REST default of its `path`
 * (docs/product.md#calls has several: `PATCH businesses` with the id in the body, `balances/{businessId}`).
 */
export interface Endpoint {
  method?: HttpMethod;
  /** A path under /v1, or a function of the record id. Default: `path` or `path/{id}`. */
  path?: string | ((id: RaRecord['id']) => string);
  /** Send the record id in the body under this key (and not in the path). */
  idInBody?: string;
}

export type ApiAction = 'getList' | 'getOne' | 'create' | 'update' | 'delete';

/** How a resource maps onto /v1 (the `api` part of a resource declaration). */
export interface ResourceApi {
  /** Path under /v1, e.g. 'api-keys'. */
  path: string;
  /** The key of the list in a list response, e.g. 'apiKeys' (`{ apiKeys: [...], total }`). */
  listKey: string;
  /** The id field of the API's records when it is not `id`. */
  id?: string;
  /** API record → react-admin record. */
  toRecord?: (raw: ApiRecord) => RaRecord;
  /** react-admin form data → API body. */
  toBody?: (data: ApiRecord) => ApiRecord;
  /** Single-record responses wrap the record under this key (`{ apiKey: {...} }`); default: the body is the record. */
  recordKey?: string;
  /** Creating moves money, so create sends an Idempotency-Key (a fresh UUID unless meta.idempotencyKey). */
  idempotentCreate?: boolean;
  /** Per-action overrides of method and path. */
  endpoints?: Partial<Record<ApiAction, Endpoint>>;
  /**
   * How a list answer's total is read. Default: its numeric `total`. An answer without one is an
   * error (never `rows.length`, which would hide every page after the first).
   */
  total?: (json: ApiRecord) => number | undefined;
  /** How react-admin's filter object becomes query parameters. Default: scalar values as they are. */
  filters?: (filter: ApiRecord) => Query;
  /**
   * The sortable fields: react-admin's `sort.field` (a record field, e.g. `createdAt`) → the API's
   * `sortBy` value (e.g. `created`). A field not named here is not sent (the API's default order), so
   * react-admin's default sort on `id` or an unmapped column never reaches the API as a 400.
   */
  sort?: Readonly<Record<string, string>>;
}

export type ApiTable = Record<string, ResourceApi>;

/**
 * A named custom method a declaration brings to the data provider: given the http client, the
 * function that callers reach as `dataProvider.<name>(...)`. Errors become react-admin's HttpError.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CustomMethodFactory = (http: HttpClient) => (...args: any[]) => Promise<unknown>;
export type CustomMethods = Record<string, CustomMethodFactory>;

/** The callable methods of a declaration's `methods` (for `useDataProvider<DataProvider & MethodsOf<…>>()`). */
export type MethodsOf<M extends CustomMethods> = { [K in keyof M]: ReturnType<M[K]> };

/**
 * What react-admin callers may pass in `meta` of create / update / delete calls.
 * `twoFaCode` → X-2FA-Code header; `idempotencyKey` → Idempotency-Key header.
 */
export interface RequestMeta {
  twoFaCode?: string;
  idempotencyKey?: string;
}

export type AppDataProvider = DataProvider & Record<string, unknown>;
