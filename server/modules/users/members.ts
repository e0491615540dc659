/**
 * The organisation's users (docs/decisions.md, 'Users'): GET /v1/users (GET_USERS), POST (CREATE_USER),
 * PATCH /v1/users/{id} (UPDATE_USER, the role) and DELETE (DELETE_USER, the membership). A user is a
 * member of this organisation; an e-mail that already has an account gains a membership and keeps its
 * password. Nobody changes or removes their own membership, nor a member whose current role holds a
 * permission the actor lacks, and only an ADMIN an ADMIN (src/domain/users.ts, decision 223); the
 * organisation keeps at least one ADMIN; all of it checked under a per-organisation lock, so two admins
 * demoting each other cannot both succeed. No role is granted that holds a permission the actor lacks.
 * Removing a member ends that user's sessions in this organisation; a role change reaches the user's
 * next request.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { createUserSchema } from '../../../src/domain/schemas';
import {
  memberChangeRefusal,
  memberRefusalText,
  permissionsLacking,
  USER_TEXTS,
  type MemberActor,
} from '../../../src/domain/users';
import { normaliseEmail } from '../../../src/domain/validation';
import { audit } from '../../audit';
import { requires } from '../../auth/access';
import { hashPassword } from '../../auth/passwords';
import { orgRows, scopeOf, type OrgScope } from '../../auth/scope';
import { sessionsChanging } from '../../auth/sessionCache';
import type { Db } from '../../db/client';
import { ApiError, found, validationError } from '../../http/errors';
import { checkForm } from '../../http/forms';
import { authed, EmailAddress, errors, Id, Name, STRICT_BODY, Text } from '../../http/schemas';
import { defineList, equals, type ListQueryOf } from '../../lib/list';
import { isoUtc } from '../transactions/repository';

const Timestamp = Type.String({ format: 'date-time', maxLength: 40, description: 'ISO 8601, UTC' });

export const MemberSchema = Type.Object({
  id: Id,
  email: EmailAddress,
  roleId: Id,
  roleName: Name,
  twoFaEnabled: Type.Boolean(),
  lastLoginAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
});
const MemberParams = Type.Object({ id: Id });
const CreateMemberBody = Type.Object(
  {
    // Blank and malformed values get the form's messages (config.form).
    email: Text({ maxLength: 320 }),
    password: Text({ maxLength: 1024 }),
    confirmationPassword: Text({ maxLength: 1024 }),
    roleId: Id,
  },
  STRICT_BODY,
);
const UpdateMemberBody = Type.Object({ roleId: Id }, STRICT_BODY);

export const memberList = defineList({
  listKey: 'users',
  sortBy: { email: 'u.email', createdAt: 'u.created_at', roleName: 'r.name' },
  defaultSort: { sortBy: 'email', order: 'asc' },
  tieBreaker: 'u.id',
  search: ['u.email'],
  filters: { roleId: equals('m.role_id', Id) },
});

interface MemberRow {
  id: number;
  email: string;
  roleId: number;
  roleName: string;
  twoFaEnabled: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

const SELECT = `u.id, u.email, m.role_id AS "roleId", r.name AS "roleName", u.totp_secret IS NOT NULL AS "twoFaEnabled",
  (SELECT ${isoUtc('max(s.created_at)')} FROM sessions s WHERE s.user_id = u.id AND s.organisation_id = m.organisation_id)
    AS "lastLoginAt",
  ${isoUtc('u.created_at')} AS "createdAt"`;
const FROM = 'memberships m JOIN users u ON u.id = m.user_id JOIN roles r ON r.id = m.role_id';

/** A member as a change sees it: with its current role's permissions (never answered). */
type ChangedMember = MemberRow & { permissions: string[] };

/** The lock class of membership changes (per organisation): the last-ADMIN rule holds under concurrency. */
const MEMBERSHIP_LOCK_CLASS = 7_246_003;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

function membersRepository(db: Db) {
  const find = async (q: Db, scope: OrgScope, userId: number): Promise<MemberRow | undefined> =>
    (
      await q.query<MemberRow>(
        `SELECT ${SELECT} FROM ${FROM} WHERE m.organisation_id = $1 AND m.user_id = $2`,
        [scope.organisationId, userId],
      )
    ).rows[0];
  const role = async (q: Db, scope: OrgScope, roleId: number) =>
    (
      await q.query<{ name: string; permissions: string[] }>(
        'SELECT name, permissions FROM roles WHERE id = $1 AND (organisation_id IS NULL OR organisation_id = $2)',
        [roleId, scope.organisationId],
      )
    ).rows[0];

  return {
    find: (scope: OrgScope, userId: number) => find(db, scope, userId),
    list: (scope: OrgScope, query: ListQueryOf<typeof memberList>) =>
      memberList.run<MemberRow>(db, query, {
        select: SELECT,
        from: FROM,
        owner: { column: 'm.organisation_id', scope },
      }),

    /** A role the organisation may give (built-in or its own), or undefined; `q` a transaction. */
    role: (scope: OrgScope, roleId: number, q: Db = db) => role(q, scope, roleId),

    /**
     * Runs `change` on a member under the organisation's membership lock: `decide` sees the member as
     * it is under the lock, with its role's permissions, may refuse (throwing), and says whether the
     * member stays an ADMIN after the change; then the last-ADMIN rule (409). Undefined for no member.
     */
    async changeMember(
      scope: OrgScope,
      userId: number,
      decide: (tx: Db, member: ChangedMember) => Promise<boolean>,
      change: (tx: Db, member: MemberRow) => Promise<void>,
    ): Promise<MemberRow | undefined> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [MEMBERSHIP_LOCK_CLASS, scope.organisationId]);
        const member = await find(tx, scope, userId);
        if (!member) return undefined;
        const permissions = (await role(tx, scope, member.roleId))?.permissions ?? [];
        const keepsAdmin = await decide(tx, { ...member, permissions });
        if (member.roleName === 'ADMIN' && !keepsAdmin) {
          const { rows } = await tx.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM memberships m JOIN roles r ON r.id = m.role_id
              WHERE m.organisation_id = $1 AND r.name = 'ADMIN' AND r.organisation_id IS NULL`,
            [scope.organisationId],
          );
          if (rows[0].n <= 1) throw new ApiError(409, { message: USER_TEXTS.lastAdmin });
        }
        await change(tx, member);
        return member;
      });
    },
  };
}

export const membersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, now } = app.ctx;
  const members = membersRepository(db);
  const tenancy = orgRows('memberships', { idColumn: 'user_id', probeBody: { roleId: 4 } });

  /** The role, if the organisation has it and it holds nothing the actor lacks; `q` a transaction. */
  async function grantable(scope: OrgScope, held: readonly string[], roleId: number, q: Db = db) {
    const role = await members.role(scope, roleId, q);
    if (!role) throw validationError({ roleId: USER_TEXTS.roleUnknown });
    const wider = permissionsLacking(held, role.permissions);
    if (wider.length > 0) throw new ApiError(403, { message: USER_TEXTS.widerRole(wider) });
    return role;
  }

  /**
   * Changes another member of the organisation, under the membership lock: 404 for someone who is not
   * one; 403 for oneself, for an ADMIN unless the actor is one, and for a member whose current role
   * holds a permission the actor lacks (memberChangeRefusal); then `keepsAdmin` (which may refuse the
   * change itself) says whether the member stays an ADMIN, the last-ADMIN rule (409), and `change`.
   * The member's cached sessions go at once. Answers the member as it was before the change.
   */
  async function changeMember(
    scope: OrgScope,
    actor: MemberActor,
    userId: number,
    keepsAdmin: (tx: Db) => Promise<boolean>,
    change: (tx: Db, member: MemberRow) => Promise<void>,
  ): Promise<MemberRow> {
    const decide = async (tx: Db, member: ChangedMember) => {
      const refusal = memberChangeRefusal(actor, member);
      if (refusal) throw new ApiError(403, { message: memberRefusalText(refusal) });
      const admin = await keepsAdmin(tx);
      // The user's cached sessions go now; the membership trigger's notice follows the commit.
      sessionsChanging({ userId });
      return admin;
    };
    return found(await members.changeMember(scope, userId, decide, change));
  }

  app.get(
    '',
    {
      config: { access: requires('GET_USERS'), tenancy },
      schema: {
        tags: ['users'],
        summary: "The organisation's users with their roles; q searches e-mails",
        ...authed,
        querystring: memberList.querystring,
        response: { 200: memberList.response(MemberSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => memberList.answer(await members.list(scopeOf(request), request.query)),
  );

  app.get(
    '/:id',
    {
      config: { access: requires('GET_USERS'), tenancy },
      schema: {
        tags: ['users'],
        summary: 'One user of the organisation (404 for anyone else)',
        ...authed,
        params: MemberParams,
        response: { 200: MemberSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => found(await members.find(scopeOf(request), request.params.id)),
  );

  app.post(
    '',
    {
      config: { access: requires('CREATE_USER'), tenancy, form: createUserSchema, audit: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Adds a user: a new account, or a membership for an e-mail that has one (its password kept)',
        ...authed,
        body: CreateMemberBody,
        response: { 201: MemberSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      checkForm(createUserSchema, request.body);
      const role = await grantable(scope, request.auth.permissions, request.body.roleId);
      const email = normaliseEmail(request.body.email);
      const passwordHash = await hashPassword(request.body.password);
      let userId: number;
      try {
        userId = await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `WITH created AS (
               INSERT INTO users (email, password_hash, created_at) VALUES ($1, $2, $3)
               ON CONFLICT (email) DO NOTHING RETURNING id)
             SELECT id FROM created UNION ALL SELECT id FROM users WHERE email = $1 LIMIT 1`,
            [email, passwordHash, new Date(now())],
          );
          const id = rows[0].id;
          await tx.query('INSERT INTO memberships (user_id, organisation_id, role_id) VALUES ($1, $2, $3)', [
            id,
            scope.organisationId,
            request.body.roleId,
          ]);
          // The e-mail and the role: never the password or its hash.
          await audit(tx, request, {
            action: 'create',
            entityType: 'user',
            entityId: id,
            changes: {
              email: { before: null, after: email },
              roleId: { before: null, after: request.body.roleId },
              roleName: { before: null, after: role.name },
            },
          });
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw validationError({ email: USER_TEXTS.alreadyMember });
        throw error;
      }
      return reply.code(201).send(found(await members.find(scope, userId)));
    },
  );

  app.patch(
    '/:id',
    {
      config: { access: requires('UPDATE_USER'), tenancy, audit: 'user' },
      schema: {
        tags: ['users'],
        summary: "Changes a user's role in the organisation (effective on the user's next request)",
        ...authed,
        params: MemberParams,
        body: UpdateMemberBody,
        response: { 200: MemberSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const userId = request.params.id;
      const { roleId } = request.body;
      let roleName = '';
      await changeMember(
        scope,
        request.auth,
        userId,
        async (tx) => {
          roleName = (await grantable(scope, request.auth.permissions, roleId, tx)).name;
          return roleName === 'ADMIN';
        },
        async (tx, member) => {
          await tx.query('UPDATE memberships SET role_id = $3 WHERE user_id = $1 AND organisation_id = $2', [
            userId,
            scope.organisationId,
            roleId,
          ]);
          await audit(tx, request, {
            action: 'update',
            entityType: 'user',
            entityId: userId,
            changes:
              member.roleId === roleId
                ? {}
                : {
                    roleId: { before: member.roleId, after: roleId },
                    roleName: { before: member.roleName, after: roleName },
                  },
          });
        },
      );
      return found(await members.find(scope, userId));
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: requires('DELETE_USER'), tenancy, audit: 'user' },
      schema: {
        tags: ['users'],
        summary: "Removes a user from the organisation and ends the user's sessions in it",
        ...authed,
        params: MemberParams,
        response: { 200: MemberSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const userId = request.params.id;
      return changeMember(
        scope,
        request.auth,
        userId,
        async () => false,
        async (tx, member) => {
          await tx.query('DELETE FROM memberships WHERE user_id = $1 AND organisation_id = $2', [
            userId,
            scope.organisationId,
          ]);
          await tx.query(
            'UPDATE sessions SET revoked_at = $3 WHERE user_id = $1 AND organisation_id = $2 AND revoked_at IS NULL',
            [userId, scope.organisationId, new Date(now())],
          );
          await audit(tx, request, {
            action: 'delete',
            entityType: 'user',
            entityId: userId,
            changes: {
              email: { before: member.email, after: null },
              roleId: { before: member.roleId, after: null },
              roleName: { before: member.roleName, after: null },
            },
          });
        },
      );
    },
  );
};
