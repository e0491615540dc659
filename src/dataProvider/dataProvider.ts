/**
 * The generic data provider over the declarations (docs/architecture.md#declarations): react-admin's methods mapped
 * onto /v1 by the ApiTable, plus the named custom methods the declarations bring. Nothing here knows a
 * resource or a page. Admin chunk only (imports react-admin's HttpError).
 */
import { HttpError, type DataProvider, type RaRecord } from 'react-admin';
import { isApiError, type HttpClient, type Query, type QueryValue, type RequestOptions } from '../api';
import type {
  ApiAction,
  ApiRecord,
  ApiTable,
  CustomMethods,
  Endpoint,
  HttpMethod,
  RequestMeta,
  ResourceApi,
} from './types';

export interface DataProviderOptions {
  http: HttpClient;
  api: ApiTable;
  /** Named custom methods of the declarations (see deriveCustomMethods). */
  methods?: CustomMethods;
}

/** ApiError → react-admin's HttpError (same message, status and body); anything else unchanged. */
function toHttpError(error: unknown): unknown {
  if (isApiError(error)) return new HttpError(error.message, error.status, error.body);
  return error;
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toHttpError(error);
  }
}

function declaration(api: ApiTable, resource: string): ResourceApi {
  if (!Object.hasOwn(api, resource)) throw new Error(`No API declaration for resource "${resource}"`);
  return api[resource];
}

export function toRecordWith(decl: ResourceApi, raw: ApiRecord): RaRecord {
  const idField = decl.id ?? 'id';
  const base = decl.toRecord ? decl.toRecord(raw) : (raw as RaRecord);
  if (base.id !== undefined && base.id !== null) return base;
  return { ...base, id: raw[idField] as RaRecord['id'] };
}

function toBodyWith(decl: ResourceApi, data: ApiRecord): ApiRecord {
  return decl.toBody ? decl.toBody(data) : data;
}

function recordFrom(decl: ResourceApi, json: unknown): ApiRecord | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const value = decl.recordKey ? (json as ApiRecord)[decl.recordKey] : json;
  return value !== null && typeof value === 'object' ? (value as ApiRecord) : undefined;
}

const DEFAULT_METHOD: Record<ApiAction, HttpMethod> = {
  getList: 'GET',
  getOne: 'GET',
  create: 'POST',
  update: 'PATCH',
  delete: 'DELETE',
};

/** Method, path and body of one action, after the declaration's per-action overrides. */
export function requestFor(
  decl: ResourceApi,
  action: ApiAction,
  id?: RaRecord['id'],
  body?: ApiRecord,
): { method: HttpMethod; path: string; body?: ApiRecord } {
  const endpoint: Endpoint = decl.endpoints?.[action] ?? {};
  const method = endpoint.method ?? DEFAULT_METHOD[action];
  const onRecord = id !== undefined && !endpoint.idInBody;
  let path: string;
  if (typeof endpoint.path === 'function') path = endpoint.path(id as RaRecord['id']);
  else path = endpoint.path ?? (onRecord ? `${decl.path}/${encodeURIComponent(String(id))}` : decl.path);
  const withId = endpoint.idInBody && id !== undefined ? { ...body, [endpoint.idInBody]: id } : body;
  return { method, path, ...(withId !== undefined ? { body: withId } : {}) };
}

/** react-admin's filter → query parameters: scalars and arrays as they are, empty values left out. */
export function defaultFilterQuery(filter: ApiRecord | undefined): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) continue;
    query[key] = value as QueryValue;
  }
  return query;
}

function totalOf(decl: ResourceApi, resource: string, json: ApiRecord): number {
  const total = decl.total ? decl.total(json) : json.total;
  if (typeof total !== 'number' || !Number.isFinite(total)) {
    throw new Error(
      `The list answer of "${resource}" (GET ${decl.path}) has no numeric total: declare api.total if the API names it differently`,
    );
  }
  return total;
}

function metaOptions(meta: unknown): Pick<RequestOptions, 'twoFaCode' | 'idempotencyKey'> {
  const m = meta as RequestMeta | undefined;
  return { twoFaCode: m?.twoFaCode, idempotencyKey: m?.idempotencyKey };
}

/**
 * react-admin's sort → `sortBy` and `order`, through the declaration's `sort` map. An unmapped field
 * (react-admin's default `id`, a column the API cannot sort) sends neither: the API's default order.
 */
export function sortQuery(
  decl: Pick<ResourceApi, 'sort'>,
  sort: { field: string; order: 'ASC' | 'DESC' } | undefined,
): { sortBy?: string; order?: 'asc' | 'desc' } {
  const sortBy = sort && Object.hasOwn(decl.sort ?? {}, sort.field) ? decl.sort?.[sort.field] : undefined;
  if (!sort || !sortBy) return {};
  return { sortBy, order: sort.order === 'ASC' ? 'asc' : 'desc' };
}

/** react-admin's DataProvider methods, which custom methods may not replace. */
const STANDARD_METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
] as const;

export function createDataProvider({ http, api, methods = {} }: DataProviderOptions): DataProvider {
  const list = async (
    resource: string,
    params: {
      pagination?: { page: number; perPage: number };
      sort?: { field: string; order: 'ASC' | 'DESC' };
      filter?: ApiRecord;
      signal?: AbortSignal;
    },
  ) => {
    const decl = declaration(api, resource);
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const filters = decl.filters ? decl.filters(params.filter ?? {}) : defaultFilterQuery(params.filter);
    const query: Query = {
      ...filters,
      limit: perPage,
      offset: (page - 1) * perPage,
      ...sortQuery(decl, params.sort),
    };
    const { method, path } = requestFor(decl, 'getList');
    const { json } = await http.request<ApiRecord>(path, { method, query, signal: params.signal });
    const answer = json ?? {};
    const rows = answer[decl.listKey];
    if (!Array.isArray(rows)) {
      throw new Error(`The list answer of "${resource}" (GET ${path}) has no array "${decl.listKey}"`);
    }
    const total = totalOf(decl, resource, answer);
    return {
      data: (rows as ApiRecord[]).map((row) => toRecordWith(decl, row)) as never[],
      total,
      // Past 10 000 rows the API counts no further (docs/architecture.md#the-v1-contract): the list shows "10,000+".
      ...(answer.totalCapped === true ? { meta: { totalCapped: true } } : {}),
    };
  };

  const one = async (resource: string, id: RaRecord['id'], signal?: AbortSignal) => {
    const decl = declaration(api, resource);
    const { method, path } = requestFor(decl, 'getOne', id);
    const { json } = await http.request(path, { method, signal });
    const raw = recordFrom(decl, json);
    if (!raw) throw new Error(`Empty response for ${resource} ${String(id)}`);
    return toRecordWith(decl, raw);
  };

  const update = async (resource: string, id: RaRecord['id'], data: ApiRecord, meta: unknown) => {
    const decl = declaration(api, resource);
    const { method, path, body } = requestFor(decl, 'update', id, toBodyWith(decl, data));
    const { json } = await http.request(path, { method, body, ...metaOptions(meta) });
    return recordFrom(decl, json) ?? {};
  };

  const remove = async (resource: string, id: RaRecord['id'], meta: unknown) => {
    const decl = declaration(api, resource);
    const { method, path, body } = requestFor(decl, 'delete', id);
    await http.request(path, { method, body, ...metaOptions(meta) });
  };

  const provider: DataProvider = {
    getList: (resource, params) => guarded(() => list(resource, params)),

    getOne: (resource, params) =>
      guarded(async () => ({ data: (await one(resource, params.id, params.signal)) as never })),

    getMany: (resource, params) =>
      guarded(async () => ({
        data: (await Promise.all(params.ids.map((id) => one(resource, id, params.signal)))) as never[],
      })),

    getManyReference: (resource, params) =>
      guarded(() => list(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } })),

    create: (resource, params) =>
      guarded(async () => {
        const decl = declaration(api, resource);
        const meta = params.meta as RequestMeta | undefined;
        const { method, path, body } = requestFor(decl, 'create', undefined, toBodyWith(decl, params.data));
        const { json } = await http.request(path, {
          method,
          body,
          twoFaCode: meta?.twoFaCode,
          idempotencyKey: meta?.idempotencyKey ?? (decl.idempotentCreate ? true : undefined),
        });
        const raw = recordFrom(decl, json) ?? {};
        return { data: toRecordWith(decl, { ...(params.data as ApiRecord), ...raw }) as never };
      }),

    update: (resource, params) =>
      guarded(async () => {
        const decl = declaration(api, resource);
        // The route gives the id as a string; the record read from the API has it with its real type.
        const id = (params.previousData as RaRecord | undefined)?.id ?? params.id;
        const raw = await update(resource, id, params.data as ApiRecord, params.meta);
        return {
          data: toRecordWith(decl, {
            ...(params.previousData as ApiRecord),
            ...(params.data as ApiRecord),
            ...raw,
            id: params.id,
          }) as never,
        };
      }),

    updateMany: (resource, params) =>
      guarded(async () => {
        await Promise.all(
          params.ids.map((id) => update(resource, id, params.data as ApiRecord, params.meta)),
        );
        return { data: params.ids };
      }),

    delete: (resource, params) =>
      guarded(async () => {
        await remove(resource, params.id, params.meta);
        return { data: (params.previousData ?? { id: params.id }) as never };
      }),

    deleteMany: (resource, params) =>
      guarded(async () => {
        await Promise.all(params.ids.map((id) => remove(resource, id, params.meta)));
        return { data: params.ids };
      }),
  };

  for (const [name, factory] of Object.entries(methods)) {
    if ((STANDARD_METHODS as readonly string[]).includes(name))
      throw new Error(`A custom method may not replace the data provider's ${name}()`);
    const method = factory(http);
    (provider as Record<string, unknown>)[name] = (...args: unknown[]) => guarded(() => method(...args));
  }
  return provider;
}
