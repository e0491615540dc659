/** GET /v1/roles and GET /v1/roles/:id: built-in roles plus the caller organisation's own (MANAGE_ROLES). */
import { Type } from 'typebox';
import { orgScope, requirePermission } from '../auth/requirePermission';
import type { App } from '../context';
import { found } from '../http/errors';
import { authed, errors, Id } from '../http/schemas';

export const RoleSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  builtIn: Type.Boolean(),
});

interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  builtIn: boolean;
}

const SELECT_ROLE = 'SELECT id, name, permissions, organisation_id IS NULL AS "builtIn" FROM roles';

export async function roleRoutes(app: App) {
  const { db } = app.ctx;

  app.get(
    '/v1/roles',
    {
      preHandler: requirePermission('MANAGE_ROLES'),
      schema: {
        tags: ['roles'],
        summary: "Built-in roles and the organisation's custom roles",
        ...authed,
        querystring: Type.Object({
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
          offset: Type.Integer({ minimum: 0, default: 0 }),
        }),
        response: {
          200: Type.Object({ roles: Type.Array(RoleSchema), total: Type.Integer() }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => {
      const organisationId = orgScope(request);
      const { rows } = await db.query<RoleRow>(
        `${SELECT_ROLE} WHERE organisation_id IS NULL OR organisation_id = $1
         ORDER BY organisation_id NULLS FIRST, id LIMIT $2 OFFSET $3`,
        [organisationId, request.query.limit, request.query.offset],
      );
      const total = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM roles WHERE organisation_id IS NULL OR organisation_id = $1',
        [organisationId],
      );
      return { roles: rows, total: total.rows[0].n };
    },
  );

  app.get(
    '/v1/roles/:id',
    {
      preHandler: requirePermission('MANAGE_ROLES'),
      schema: {
        tags: ['roles'],
        summary: 'One role (404 for another organisation’s role)',
        ...authed,
        params: Type.Object({ id: Id }),
        response: { 200: RoleSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { rows } = await db.query<RoleRow>(
        `${SELECT_ROLE} WHERE id = $1 AND (organisation_id IS NULL OR organisation_id = $2)`,
        [request.params.id, orgScope(request)],
      );
      return found(rows[0]);
    },
  );
}
