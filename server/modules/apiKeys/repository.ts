/**
 * SQL of API keys. A key belongs to one business of the organisation; the hidden business's keys are
 * ADMIN's only, like the business. Rows are never deleted (a deleted key is revoked).
 */
import { apiKeyStatus, type ApiKeyScope, type ApiKeyStatus } from '../../../src/domain/apiKeys';
import type { OrgScope } from '../../auth/scope';
import type { Db } from '../../db/client';
import type { ListQueryOf } from '../../lib/list';
import { isoUtc } from '../transactions/repository';
import { apiKeyList } from './schemas';

export interface ApiKeyView {
  id: string;
  name: string;
  businessId: number;
  businessName: string;
  scopes: ApiKeyScope[];
  ipAllowList: string[];
  expiresAt: string | null;
  createdAt: string;
  createdBy: { id: number; email: string };
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  status: ApiKeyStatus;
}

interface ApiKeyRow extends Omit<ApiKeyView, 'createdBy' | 'status'> {
  revokedAt: string | null;
  createdById: number;
  createdByEmail: string;
}

const SELECT = `k.id, k.name, k.business_id AS "businessId", b.name AS "businessName", k.scopes,
  k.ip_allow_list AS "ipAllowList",
  CASE WHEN k.expires_at IS NULL THEN NULL ELSE ${isoUtc('k.expires_at')} END AS "expiresAt",
  ${isoUtc('k.created_at')} AS "createdAt",
  CASE WHEN k.last_used_at IS NULL THEN NULL ELSE ${isoUtc('k.last_used_at')} END AS "lastUsedAt",
  k.last_used_ip AS "lastUsedIp",
  CASE WHEN k.revoked_at IS NULL THEN NULL ELSE ${isoUtc('k.revoked_at')} END AS "revokedAt",
  u.id AS "createdById", u.email AS "createdByEmail"`;
const FROM = `api_keys k
  JOIN businesses b ON b.id = k.business_id AND b.organisation_id = k.organisation_id
  JOIN users u ON u.id = k.created_by`;
const visible = (scope: OrgScope) => (scope.seesHiddenBusinesses ? 'TRUE' : 'NOT b.hidden_from_non_admins');

function toView(row: ApiKeyRow, nowMs: number): ApiKeyView {
  const { revokedAt, createdById, createdByEmail, ...rest } = row;
  return {
    ...rest,
    createdBy: { id: createdById, email: createdByEmail },
    status: apiKeyStatus({ revokedAt, expiresAt: row.expiresAt }, nowMs),
  };
}

export interface NewApiKey {
  id: string;
  businessId: number;
  name: string;
  secretHash: string;
  scopes: readonly ApiKeyScope[];
  ipAllowList: readonly string[];
  expiresAt: string | null;
}

export type ApiKeyChange = Partial<Pick<NewApiKey, 'name' | 'scopes' | 'ipAllowList' | 'expiresAt'>>;

export function apiKeysRepository(db: Db) {
  async function find(scope: OrgScope, id: string, nowMs: number): Promise<ApiKeyView | undefined> {
    const { rows } = await db.query<ApiKeyRow>(
      `SELECT ${SELECT} FROM ${FROM} WHERE k.id = $1 AND k.organisation_id = $2 AND ${visible(scope)}`,
      [id, scope.organisationId],
    );
    return rows[0] && toView(rows[0], nowMs);
  }

  return {
    find,

    async list(scope: OrgScope, query: ListQueryOf<typeof apiKeyList>, nowMs: number) {
      const page = await apiKeyList.run<ApiKeyRow>(db, query, {
        select: SELECT,
        from: FROM,
        owner: { column: 'k.organisation_id', scope },
        where: () => [visible(scope)],
      });
      return { ...page, rows: page.rows.map((row) => toView(row, nowMs)) };
    },

    /** Whether the business is one of the organisation's that the caller sees. */
    async businessVisible(scope: OrgScope, businessId: number): Promise<boolean> {
      const { rows } = await db.query(
        `SELECT 1 FROM businesses b WHERE b.id = $1 AND b.organisation_id = $2 AND ${visible(scope)}`,
        [businessId, scope.organisationId],
      );
      return rows.length === 1;
    },

    async insert(scope: OrgScope, key: NewApiKey, nowMs: number): Promise<ApiKeyView> {
      await db.query(
        `INSERT INTO api_keys (id, organisation_id, business_id, name, secret_hash, scopes, ip_allow_list,
                               expires_at, created_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          key.id,
          scope.organisationId,
          key.businessId,
          key.name,
          key.secretHash,
          key.scopes,
          key.ipAllowList,
          key.expiresAt,
          new Date(nowMs),
          scope.userId,
        ],
      );
      return (await find(scope, key.id, nowMs))!;
    },

    /** Changes a key that is neither revoked nor expired; undefined when there is none (or it is another's, or dead). */
    async update(scope: OrgScope, id: string, change: ApiKeyChange, nowMs: number) {
      const { rows } = await db.query(
        `UPDATE api_keys k SET
            name = COALESCE($3, k.name),
            scopes = COALESCE($4, k.scopes),
            ip_allow_list = COALESCE($5, k.ip_allow_list),
            expires_at = CASE WHEN $6::boolean THEN $7::timestamptz ELSE k.expires_at END
           FROM businesses b
          WHERE k.id = $1 AND k.organisation_id = $2 AND k.revoked_at IS NULL
            AND (k.expires_at IS NULL OR k.expires_at > $8)
            AND b.id = k.business_id AND ${visible(scope)}
          RETURNING k.id`,
        [
          id,
          scope.organisationId,
          change.name ?? null,
          change.scopes ?? null,
          change.ipAllowList ?? null,
          change.expiresAt !== undefined,
          change.expiresAt ?? null,
          new Date(nowMs),
        ],
      );
      return rows.length === 1 ? find(scope, id, nowMs) : undefined;
    },

    /** Revokes a key (a second revocation changes nothing); undefined when there is none. */
    async revoke(scope: OrgScope, id: string, nowMs: number) {
      await db.query(
        `UPDATE api_keys k SET revoked_at = COALESCE(k.revoked_at, $3)
           FROM businesses b
          WHERE k.id = $1 AND k.organisation_id = $2 AND b.id = k.business_id AND ${visible(scope)}`,
        [id, scope.organisationId, new Date(nowMs)],
      );
      return find(scope, id, nowMs);
    },
  };
}
