/** The data provider's contract: react-admin's methods over the declarations, plus named custom methods. */
import type { DataProvider, RaRecord } from 'react-admin';
import type { ChangePasswordRequest, TwoFaSetupResponse, TwoFaUpdateRequest } from '../domain/api';

/** How a resource maps onto /v1 (the `api` part of a resource declaration, DESIGN.md section 4). */
export interface ResourceApi {
  /** Path under /v1, e.g. 'api-keys'. */
  path: string;
  /** The key of the list in a list response, e.g. 'apiKeys' (`{ apiKeys: [...], total }`). */
  listKey: string;
  /** The id field of the API's records when it is not `id`. */
  id?: string;
  /** API record → react-admin record. */
  toRecord?: (raw: Record<string, unknown>) => RaRecord;
  /** react-admin form data → API body. */
  toBody?: (data: Record<string, unknown>) => Record<string, unknown>;
  /** Added: single-record responses wrap the record under this key (`{ apiKey: {...} }`); default: the body is the record. */
  recordKey?: string;
  /** Added: creating moves money, so create sends an Idempotency-Key (a fresh UUID unless meta.idempotencyKey). */
  idempotentCreate?: boolean;
}

/**
 * Added: what react-admin callers may pass in `meta` of create / update / delete calls.
 * `twoFaCode` → X-2FA-Code header; `idempotencyKey` → Idempotency-Key header.
 */
export interface RequestMeta {
  twoFaCode?: string;
  idempotencyKey?: string;
}

export type ApiTable = Record<string, ResourceApi>;

export interface AppDataProvider extends DataProvider {
  changePassword(input: ChangePasswordRequest): Promise<void>;
  getTwoFaSetup(): Promise<TwoFaSetupResponse>;
  updateTwoFa(input: TwoFaUpdateRequest): Promise<void>;
}
