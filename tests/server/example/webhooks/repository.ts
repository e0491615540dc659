import type { OrgScope } from '../../../../server/auth/scope';
import type { Db } from '../../../../server/db/client';
import type { ListQueryOf } from '../../../../server/lib/list';
import { webhookList } from './schemas';

export interface WebhookRow {
  id: number;
  businessId: number;
  url: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

const COLUMNS = `id, business_id AS "businessId", url,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

// Every function takes the caller's OrgScope: a query without the organisation does not type-check.
export const webhooksRepository = (db: Db) => ({
  list: (scope: OrgScope, query: ListQueryOf<typeof webhookList>) =>
    webhookList.run<WebhookRow>(db, query, {
      select: COLUMNS,
      from: 'webhooks',
      owner: { column: 'organisation_id', scope },
    }),
  find: async (scope: OrgScope, id: number) =>
    (
      await db.query<WebhookRow>(`SELECT ${COLUMNS} FROM webhooks WHERE id = $1 AND organisation_id = $2`, [
        id,
        scope.organisationId,
      ])
    ).rows[0],
});
