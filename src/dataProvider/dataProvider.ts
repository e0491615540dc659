/**
 * The generic data provider over the declarations (DESIGN.md section 4): react-admin's methods mapped
 * onto /v1 by the ApiTable, plus named custom methods. Admin chunk only (imports react-admin's HttpError).
 */
import { HttpError, type RaRecord } from 'react-admin';
import type { ChangePasswordRequest, TwoFaSetupResponse, TwoFaUpdateRequest } from '../domain/api';
import { isApiError } from './apiError';
import type { HttpClient, RequestOptions } from './httpClient';
import type { Query, QueryValue } from './transport';
import type { ApiTable, AppDataProvider, RequestMeta, ResourceApi } from './types';

export interface DataProviderOptions {
  http: HttpClient;
  api: ApiTable;
}

type Raw = Record<string, unknown>;

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

export function toRecordWith(decl: ResourceApi, raw: Raw): RaRecord {
  const idField = decl.id ?? 'id';
  const base = decl.toRecord ? decl.toRecord(raw) : (raw as RaRecord);
  if (base.id !== undefined && base.id !== null) return base;
  return { ...base, id: raw[idField] as RaRecord['id'] };
}

function toBodyWith(decl: ResourceApi, data: Raw): Raw {
  return decl.toBody ? decl.toBody(data) : data;
}

function recordFrom(decl: ResourceApi, json: unknown): Raw | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const value = decl.recordKey ? (json as Raw)[decl.recordKey] : json;
  return value !== null && typeof value === 'object' ? (value as Raw) : undefined;
}

const itemPath = (decl: ResourceApi, id: unknown) => `${decl.path}/${encodeURIComponent(String(id))}`;

function filterQuery(filter: Raw | undefined): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) continue;
    query[key] = value as QueryValue;
  }
  return query;
}

function metaOptions(meta: RequestMeta | undefined): Pick<RequestOptions, 'twoFaCode' | 'idempotencyKey'> {
  return { twoFaCode: meta?.twoFaCode, idempotencyKey: meta?.idempotencyKey };
}

export function createDataProvider({ http, api }: DataProviderOptions): AppDataProvider {
  const list = async (
    resource: string,
    params: {
      pagination?: { page: number; perPage: number };
      sort?: { field: string; order: 'ASC' | 'DESC' };
      filter?: Raw;
      signal?: AbortSignal;
    },
  ) => {
    const decl = declaration(api, resource);
    const { page = 1, perPage = 25 } = params.pagination ?? {};
    const sortField = params.sort?.field === 'id' && decl.id ? decl.id : params.sort?.field;
    const query: Query = {
      ...filterQuery(params.filter),
      limit: perPage,
      offset: (page - 1) * perPage,
      sortBy: sortField,
      order: params.sort?.order?.toLowerCase(),
    };
    const { json } = await http.request<Raw>(decl.path, { query, signal: params.signal });
    const rows = Array.isArray(json?.[decl.listKey]) ? (json[decl.listKey] as Raw[]) : [];
    const total = typeof json?.total === 'number' ? json.total : rows.length;
    return { data: rows.map((row) => toRecordWith(decl, row)) as never[], total };
  };

  const one = async (resource: string, id: unknown, signal?: AbortSignal) => {
    const decl = declaration(api, resource);
    const { json } = await http.request(itemPath(decl, id), { signal });
    const raw = recordFrom(decl, json);
    if (!raw) throw new Error(`Empty response for ${resource} ${String(id)}`);
    return toRecordWith(decl, raw);
  };

  const provider = {
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
        const { json } = await http.request(decl.path, {
          method: 'POST',
          body: toBodyWith(decl, params.data as Raw),
          twoFaCode: meta?.twoFaCode,
          idempotencyKey: meta?.idempotencyKey ?? (decl.idempotentCreate ? true : undefined),
        });
        const raw = recordFrom(decl, json) ?? {};
        return { data: toRecordWith(decl, { ...(params.data as Raw), ...raw }) as never };
      }),

    update: (resource, params) =>
      guarded(async () => {
        const decl = declaration(api, resource);
        const { json } = await http.request(itemPath(decl, params.id), {
          method: 'PATCH',
          body: toBodyWith(decl, params.data as Raw),
          ...metaOptions(params.meta as RequestMeta | undefined),
        });
        const raw = recordFrom(decl, json) ?? {};
        return {
          data: toRecordWith(decl, {
            ...(params.previousData as Raw),
            ...(params.data as Raw),
            ...raw,
            id: params.id,
          }) as never,
        };
      }),

    updateMany: (resource, params) =>
      guarded(async () => {
        const decl = declaration(api, resource);
        await Promise.all(
          params.ids.map((id) =>
            http.request(itemPath(decl, id), {
              method: 'PATCH',
              body: toBodyWith(decl, params.data as Raw),
              ...metaOptions(params.meta as RequestMeta | undefined),
            }),
          ),
        );
        return { data: params.ids };
      }),

    delete: (resource, params) =>
      guarded(async () => {
        const decl = declaration(api, resource);
        await http.request(itemPath(decl, params.id), {
          method: 'DELETE',
          ...metaOptions(params.meta as RequestMeta | undefined),
        });
        return { data: (params.previousData ?? { id: params.id }) as never };
      }),

    deleteMany: (resource, params) =>
      guarded(async () => {
        const decl = declaration(api, resource);
        await Promise.all(
          params.ids.map((id) =>
            http.request(itemPath(decl, id), {
              method: 'DELETE',
              ...metaOptions(params.meta as RequestMeta | undefined),
            }),
          ),
        );
        return { data: params.ids };
      }),

    changePassword: (input: ChangePasswordRequest) =>
      guarded(async () => {
        await http.request('users/password', { method: 'PATCH', body: input });
      }),

    getTwoFaSetup: () => guarded(async () => (await http.request<TwoFaSetupResponse>('users/two-fa')).json),

    updateTwoFa: (input: TwoFaUpdateRequest) =>
      guarded(async () => {
        const { json } = await http.request<{ enabled?: boolean }>('users/two-fa', {
          method: 'PATCH',
          body: input,
          sessionPatch: { authentication: input.enabled },
        });
        void json;
      }),
  } satisfies AppDataProvider;

  return provider;
}
