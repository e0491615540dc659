/**
 * Organisation scoping that cannot be forgotten (docs/architecture.md#the-v1-contract).
 *
 * Repositories of organisation data take an `OrgScope` as a required argument. The only way to get one
 * is `scopeOf(request)` on a request whose session was authenticated (the brand is a private symbol), so
 * a query written without the caller's organisation does not type-check. Work no request asked for (the
 * demo seed, bulk loads) takes `systemScope` (server/auth/systemScope.ts), which request code may not
 * import (ESLint).
 *
 * Routes also declare their tenancy in config (`config: { tenancy: orgRows('roles') }`): the
 * organisation-isolation test reads it to prove, for every route taking an id and every list, that
 * another organisation's rows answer 404 or never appear.
 */
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';

declare const orgScopeBrand: unique symbol;

export interface OrgScope {
  readonly organisationId: number;
  /** The caller (for the caller's own account rows). */
  readonly userId: number;
  /**
   * Whether the caller sees the spec's hidden business (`businesses.hidden_from_non_admins`): only
   * the built-in ADMIN role does. Custom roles may not take a built-in role's name.
   */
  readonly seesHiddenBusinesses: boolean;
  /** An API key's business: the caller reads this business's rows only (null for a session). */
  readonly onlyBusinessId: number | null;
  readonly [orgScopeBrand]: true;
}

/** The authenticated caller's scope; 401 when the request has no authenticated session. */
export function scopeOf(request: FastifyRequest): OrgScope {
  const auth = request.auth as FastifyRequest['auth'] | null;
  if (!auth) throw unauthorized();
  return {
    organisationId: auth.organisationId,
    userId: auth.userId,
    // A key reads its own business, hidden or not, and nothing else (onlyBusinessId).
    seesHiddenBusinesses: auth.apiKey !== undefined || auth.role === 'ADMIN',
    onlyBusinessId: auth.apiKey?.businessId ?? null,
  } as OrgScope;
}

/**
 * The conditions that keep a caller to its businesses' rows, for a row naming businesses in `columns`:
 * none of them hidden from the caller (visibleBusiness), and, for an API key, one of them its business.
 * `param` binds a value (the list helper's placeholder function). `filteredTo`: the business the rows
 * are already filtered to (`columns[0] = filteredTo` among the statement's conditions), when `columns`
 * is that one column; its visibility is then tested once, on the value, instead of on every row a
 * page walks (docs/decisions.md 213).
 */
export function businessConditions(
  scope: OrgScope,
  columns: readonly string[],
  param: (value: unknown) => string,
  filteredTo?: number,
): string[] {
  const conditions = scope.seesHiddenBusinesses
    ? []
    : filteredTo !== undefined && columns.length === 1
      ? [visibleBusiness(scope, `${param(filteredTo)}::integer`)]
      : columns.map((c) => visibleBusiness(scope, c));
  if (scope.onlyBusinessId !== null) {
    const business = param(scope.onlyBusinessId);
    conditions.push(`(${columns.map((c) => `${c} = ${business}`).join(' OR ')})`);
  }
  return conditions;
}

/**
 * A one-time condition: the business (an SQL expression of a value, never a column) is one of the
 * organisation's. For rows filtered to that business whose foreign key (business_id, organisation_id)
 * references it, it proves them the organisation's without a test on each row (docs/decisions.md 215).
 */
export const organisationsBusiness = (organisation: string, business: string) =>
  `EXISTS (SELECT 1 FROM businesses own WHERE own.id = ${business} AND own.organisation_id = ${organisation})`;

/** The hidden businesses' ids, an integer[]: the sub-select visibleBusiness reads them with. */
const HIDDEN_IDS = 'ARRAY(SELECT hidden.id FROM businesses hidden WHERE hidden.hidden_from_non_admins)';

/**
 * A SQL condition that holds when the business in `column` is one the caller may see: always for
 * ADMIN, otherwise not the hidden business (a NULL business is visible). `column` is an SQL
 * expression written in code, never input. The hidden ids are read once per query (an uncorrelated
 * sub-select), not per row: a correlated NOT EXISTS made PostgreSQL expect one matching row and sort
 * a business's whole history for one page at a million payments. `hiddenIds`: where else to read them
 * (HIDDEN_BUSINESSES.ids).
 */
export function visibleBusiness(scope: OrgScope, column: string, hiddenIds: string = HIDDEN_IDS): string {
  return scope.seesHiddenBusinesses ? 'TRUE' : `(${column} IS NULL OR ${column} <> ALL (${hiddenIds}))`;
}

/**
 * For a statement that tests visibility in many places (the search's): a CTE that reads the hidden ids
 * once, and the expression that reads them from it, for visibleBusiness's `hiddenIds`. PostgreSQL plans
 * each ARRAY(sub-select) on its own: the 16 of the search's former "contains" statement (two per kind)
 * cost about 0.4 ms of its 1.1 ms of planning; read from one CTE, about 0.25 ms less (docs/decisions.md
 * 209).
 */
export const HIDDEN_BUSINESSES = {
  cte: `hidden_businesses AS MATERIALIZED (SELECT ${HIDDEN_IDS} AS ids)`,
  ids: '(SELECT h.ids FROM hidden_businesses h)::integer[]',
} as const;

export type Tenancy =
  /**
   * Rows of `table` owned through `organisationColumn` (default organisation_id). With
   * `sharedWhenNull`, rows whose column is NULL are shared by every organisation (built-in roles).
   * `probeBody` is a valid request body, for routes with a body, so the isolation test can reach the
   * handler with another organisation's id.
   */
  | {
      readonly kind: 'organisation-rows';
      readonly table: string;
      readonly organisationColumn?: string;
      /** The column the route's id names (default `id`), e.g. `user_id` of memberships. */
      readonly idColumn?: string;
      readonly sharedWhenNull?: boolean;
      readonly probeBody?: unknown;
      /**
       * For a route that takes the row's id in its body (PATCH /v1/businesses): the body field that
       * names it, which the isolation test fills with another organisation's id.
       */
      readonly bodyId?: string;
    }
  /** The id parameter names an organisation, which must be one of the caller's. */
  | { readonly kind: 'member-organisation'; readonly idParam: string }
  /** Not organisation data, said out loud (e.g. a list of countries). */
  | { readonly kind: 'global'; readonly reason: string };

export const orgRows = (
  table: string,
  options: Omit<Extract<Tenancy, { kind: 'organisation-rows' }>, 'kind' | 'table'> = {},
): Tenancy => ({ kind: 'organisation-rows', table, ...options });
