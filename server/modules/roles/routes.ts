/**
 * /v1/roles: built-in roles plus the caller organisation's own (MANAGE_ROLES), and the custom roles'
 * creation, change and deletion (docs/decisions.md, 'Custom roles'). Built-in roles are read-only; a
 * custom role takes neither a built-in name nor another role's (case, full-width letters and look-alikes
 * aside: src/domain/roleName.ts), never a permission its
 * author lacks, and is deleted only while nobody holds it. A change reaches its holders' next request
 * (the session cache hears the role's change).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Permission } from '../../../src/domain/permissions';
import { looksLikeBuiltInRoleName } from '../../../src/domain/roleName';
import { DEFAULT_PERMISSION, hasSpecialCharacters, ROLE_MESSAGES } from '../../../src/domain/roles';
import { permissionsLacking } from '../../../src/domain/users';
import { audit, changesBetween } from '../../audit';
import { requires } from '../../auth/access';
import { sessionsChanging } from '../../auth/sessionCache';
import { orgRows, scopeOf, type OrgScope } from '../../auth/scope';
import { ApiError, found, notFound, validationError } from '../../http/errors';
import { authed, errors } from '../../http/schemas';
import { rolesRepository, type RoleRow } from './repository';
import { CreateRoleBody, RoleParams, RoleSchema, roleList, UpdateRoleBody } from './schemas';

/** 403 naming the permissions the acting user does not hold. */
export const widerRoleText = (permissions: readonly string[]) =>
  `You cannot grant permissions you do not have: ${permissions.join(', ')}.`;
export const builtInRoleText = 'Built-in roles cannot be changed or deleted.';
export const roleAssignedText = (count: number) =>
  `Role is assigned to ${count} ${count === 1 ? 'user' : 'users'}`;

const isForeignKeyViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23503';
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** What a role's audit rows compare. */
const roleChanges = (before: RoleRow | undefined, after: RoleRow | undefined) =>
  changesBetween<Record<string, unknown>>(
    before && { name: before.name, permissions: [...before.permissions].sort() },
    after && { name: after.name, permissions: [...after.permissions].sort() },
    ['name', 'permissions'],
  );

const tenancy = orgRows('roles', { sharedWhenNull: true, probeBody: { name: 'Probe role' } });

export const rolesModule: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const roles = rolesRepository(db);

  /** The name as kept (trimmed) after its rules; 400 with the form's field error otherwise. */
  async function checkName(scope: OrgScope, raw: string, exceptId?: number): Promise<string> {
    const name = raw.trim();
    if (name === '') throw validationError({ name: ROLE_MESSAGES.roleNameRequired });
    if (hasSpecialCharacters(name)) throw validationError({ name: ROLE_MESSAGES.roleNameSpecial });
    if (looksLikeBuiltInRoleName(name)) throw validationError({ name: ROLE_MESSAGES.roleNameBuiltIn });
    if (await roles.nameTaken(scope, name, exceptId))
      throw validationError({ name: ROLE_MESSAGES.roleNameTaken });
    return name;
  }

  /** The permissions as kept (with the default one); 403 naming any the caller lacks. */
  function checkPermissions(held: readonly string[], asked: readonly Permission[]): Permission[] {
    const wider = permissionsLacking(held, asked);
    if (wider.length > 0) throw new ApiError(403, { message: widerRoleText(wider) });
    return [...new Set<Permission>([DEFAULT_PERMISSION, ...asked])].sort();
  }

  /** A custom role of the caller's organisation, or 404 (another's) / 403 (built-in). */
  async function customRole(scope: OrgScope, id: number) {
    const role = found(await roles.find(scope, id));
    if (role.builtIn) throw new ApiError(403, { message: builtInRoleText });
    return role;
  }

  const saving = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      // Two requests racing for one name: the unique index decides, the loser hears why.
      if (isUniqueViolation(error)) throw validationError({ name: ROLE_MESSAGES.roleNameTaken });
      throw error;
    }
  };

  app.get(
    '',
    {
      config: { access: requires('MANAGE_ROLES'), tenancy },
      schema: {
        tags: ['roles'],
        summary: "Built-in roles and the organisation's custom roles",
        ...authed,
        querystring: roleList.querystring,
        response: { 200: roleList.response(RoleSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => roleList.answer(await roles.list(scopeOf(request), request.query)),
  );

  app.get(
    '/:id',
    {
      config: { access: requires('MANAGE_ROLES'), tenancy },
      schema: {
        tags: ['roles'],
        summary: 'One role (404 for another organisation’s role)',
        ...authed,
        params: RoleParams,
        response: { 200: RoleSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => found(await roles.find(scopeOf(request), request.params.id)),
  );

  app.post(
    '',
    {
      config: { access: requires('MANAGE_ROLES'), tenancy, audit: 'role' },
      schema: {
        tags: ['roles'],
        summary: 'Creates a custom role of the organisation',
        ...authed,
        body: CreateRoleBody,
        response: { 201: RoleSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const name = await checkName(scope, request.body.name);
      const permissions = checkPermissions(request.auth.permissions, request.body.permissions);
      const role = await saving(() =>
        db.transaction(async (tx) => {
          const repository = rolesRepository(tx);
          const created = found(
            await repository.find(scope, await repository.insert(scope, name, permissions)),
          );
          await audit(tx, request, {
            action: 'create',
            entityType: 'role',
            entityId: created.id,
            changes: roleChanges(undefined, created),
          });
          return created;
        }),
      );
      return reply.code(201).send(role);
    },
  );

  app.patch(
    '/:id',
    {
      config: { access: requires('MANAGE_ROLES'), tenancy, audit: 'role' },
      schema: {
        tags: ['roles'],
        summary: "Changes a custom role's name or permissions (built-in roles are read-only)",
        ...authed,
        params: RoleParams,
        body: UpdateRoleBody,
        response: { 200: RoleSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const { id } = request.params;
      const before = await customRole(scope, id);
      const name =
        request.body.name === undefined ? undefined : await checkName(scope, request.body.name, id);
      const permissions =
        request.body.permissions === undefined
          ? undefined
          : checkPermissions(request.auth.permissions, request.body.permissions);
      // The holders' cached sessions go now; the role trigger's notice follows the commit.
      sessionsChanging({ roleId: id });
      return saving(() =>
        db.transaction(async (tx) => {
          const repository = rolesRepository(tx);
          if (!(await repository.update(scope, id, { name, permissions }))) throw notFound();
          const after = found(await repository.find(scope, id));
          await audit(tx, request, {
            action: 'update',
            entityType: 'role',
            entityId: id,
            changes: roleChanges(before, after),
          });
          return after;
        }),
      );
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: requires('MANAGE_ROLES'), tenancy, audit: 'role' },
      schema: {
        tags: ['roles'],
        summary: 'Deletes a custom role nobody holds (409 while it is assigned)',
        ...authed,
        params: RoleParams,
        response: { 200: RoleSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const role = await customRole(scope, request.params.id);
      try {
        await db.transaction(async (tx) => {
          const outcome = await rolesRepository(tx).remove(scope, role.id);
          if (outcome === 'missing') throw notFound();
          if (outcome !== 'deleted') throw new ApiError(409, { message: roleAssignedText(outcome) });
          await audit(tx, request, {
            action: 'delete',
            entityType: 'role',
            entityId: role.id,
            changes: roleChanges(role, undefined),
          });
        });
      } catch (error) {
        // A membership given the role while it was being deleted.
        if (isForeignKeyViolation(error)) throw new ApiError(409, { message: roleAssignedText(1) });
        throw error;
      }
      return { ...role, userCount: 0 };
    },
  );
};
