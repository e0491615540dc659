/**
 * The one list helper of every list endpoint (DESIGN.md section 7):
 * `?limit=25&offset=0&sortBy=<whitelisted>&order=asc|desc&q=<text>&<typed filters>` →
 * `{ <listKey>: rows, total }`.
 *
 * `defineList(spec)` gives the route its TypeBox querystring and response schemas (so unknown sort
 * fields and unknown filters are a 400 with field errors, and the OpenAPI document lists them), and
 * `run` builds the SQL: parameterised values only, sort expressions from the whitelist, `q` as an
 * ILIKE over the declared columns with its wildcards escaped, and the organisation condition from the
 * caller's OrgScope (or an explicit `global` reason).
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { OrgScope } from '../auth/scope';
import { Int32, INT32_MAX, Text } from '../http/schemas';
import type { Db } from '../db/client';

export const LIST_LIMIT_DEFAULT = 25;
export const LIST_LIMIT_MAX = 100;
/** Beyond any real table; larger offsets are a 400, not a database error. */
export const LIST_OFFSET_MAX = 10_000_000;
export const LIST_Q_MAX_LENGTH = 200;

/** A typed filter: its query-string schema and the SQL condition for its (parameter) placeholder. */
export interface ListFilter<S extends TSchema = TSchema> {
  schema: S;
  where: (placeholder: string) => string;
}

/** `status=…` → `column = $n` */
export const equals = <S extends TSchema>(column: string, schema: S): ListFilter<S> => ({
  schema,
  where: (p) => `${column} = ${p}`,
});
/** `from=…` → `column >= $n` */
export const atLeast = <S extends TSchema>(column: string, schema: S): ListFilter<S> => ({
  schema,
  where: (p) => `${column} >= ${p}`,
});
/** `to=…` → `column <= $n` */
export const atMost = <S extends TSchema>(column: string, schema: S): ListFilter<S> => ({
  schema,
  where: (p) => `${column} <= ${p}`,
});

export interface ListSpec<Sort extends string, Filters extends Record<string, ListFilter>> {
  /** The key of the rows in the answer (`roles`, `payments`, …). */
  listKey: string;
  /** sortBy values the API accepts → the SQL expression each sorts by. */
  sortBy: Record<Sort, string>;
  /** ORDER BY when no sortBy is given (`order` applies to sortBy only). */
  defaultOrder: string;
  /** Appended to every ORDER BY so that pages are stable (a unique column, e.g. `id`). */
  tieBreaker: string;
  /** SQL expressions that `q` searches (case-insensitive substring); no `q` when empty. */
  search?: readonly string[];
  filters?: Filters;
}

/** Where the rows come from and whose they are. */
export interface ListSource {
  /** The select list, e.g. `id, name, organisation_id IS NULL AS "builtIn"`. */
  select: string;
  /** The FROM clause (a table, or joins). */
  from: string;
  /**
   * The organisation condition: the caller's scope on `column`, optionally also rows where it is NULL
   * (shared), or `global` with the reason the rows belong to no organisation.
   */
  owner: { column: string; scope: OrgScope; sharedWhenNull?: boolean } | { global: string };
  /** Further fixed conditions, with a placeholder maker for their values. */
  where?: (param: (value: unknown) => string) => string[];
}

/** `%`, `_` and `\` match themselves in `q` (ILIKE … ESCAPE '\'). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type BaseQuery<Sort extends string> = {
  limit: number;
  offset: number;
  sortBy?: Sort;
  order?: 'asc' | 'desc';
  q?: string;
};

export type ListQuery<Sort extends string, Filters extends Record<string, ListFilter>> = BaseQuery<Sort> & {
  [K in keyof Filters]?: Static<Filters[K]['schema']>;
};

/** The parsed query of a list, for repository signatures: `query: ListQueryOf<typeof roleList>`. */
export type ListQueryOf<L extends { querystring: TSchema }> = Static<L['querystring']>;

const RESERVED = ['limit', 'offset', 'sortBy', 'order', 'q'];

export function defineList<
  Sort extends string,
  Filters extends Record<string, ListFilter> = Record<never, ListFilter>,
>(spec: ListSpec<Sort, Filters>) {
  const sortKeys = Object.keys(spec.sortBy) as Sort[];
  const filters = (spec.filters ?? {}) as Filters;
  const filterKeys = Object.keys(filters);
  const clash = filterKeys.find((k) => RESERVED.includes(k));
  if (clash) throw new Error(`List ${spec.listKey}: filter "${clash}" clashes with a list parameter`);
  if (sortKeys.length === 0) throw new Error(`List ${spec.listKey}: declare at least one sortBy field`);
  const search = spec.search ?? [];

  const querystring = Type.Unsafe<ListQuery<Sort, Filters>>(
    Type.Object(
      {
        // Optional on the wire; the defaults fill them in before the handler runs.
        limit: Type.Optional(
          Int32({
            minimum: 1,
            maximum: LIST_LIMIT_MAX,
            default: LIST_LIMIT_DEFAULT,
            description: 'Rows per page',
          }),
        ),
        offset: Type.Optional(
          Int32({ minimum: 0, maximum: LIST_OFFSET_MAX, default: 0, description: 'Rows to skip' }),
        ),
        sortBy: Type.Optional(Type.Enum(sortKeys, { description: 'The field to sort by' })),
        order: Type.Optional(Type.Enum(['asc', 'desc'], { description: 'Direction of sortBy' })),
        ...(search.length > 0
          ? {
              q: Type.Optional(
                Text({ maxLength: LIST_Q_MAX_LENGTH, description: 'Case-insensitive text search' }),
              ),
            }
          : {}),
        ...Object.fromEntries(filterKeys.map((k) => [k, Type.Optional(filters[k].schema)])),
      },
      { additionalProperties: false },
    ),
  );

  /** The answer's schema: `{ <listKey>: item[], total }`. */
  const response = <Item extends TSchema>(item: Item) =>
    Type.Object({
      [spec.listKey]: Type.Array(item, { maxItems: LIST_LIMIT_MAX }),
      total: Int32({ minimum: 0, maximum: INT32_MAX, description: 'Rows matching the filters' }),
    });

  async function run<Row extends object>(
    db: Db,
    query: ListQuery<Sort, Filters>,
    source: ListSource,
  ): Promise<{ rows: Row[]; total: number }> {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions: string[] = [];
    if ('global' in source.owner) {
      // Declared global: no organisation condition.
    } else {
      const { column, scope, sharedWhenNull } = source.owner;
      const mine = `${column} = ${param(scope.organisationId)}`;
      conditions.push(sharedWhenNull ? `(${column} IS NULL OR ${mine})` : mine);
    }
    conditions.push(...(source.where?.(param) ?? []));
    for (const key of filterKeys) {
      const value = (query as Record<string, unknown>)[key];
      if (value !== undefined) conditions.push(filters[key].where(param(value)));
    }
    if (query.q !== undefined && query.q.trim() !== '' && search.length > 0) {
      const pattern = param(`%${escapeLike(query.q.trim())}%`);
      conditions.push(`(${search.map((c) => `${c} ILIKE ${pattern} ESCAPE '\\'`).join(' OR ')})`);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const orderBy = query.sortBy
      ? `${spec.sortBy[query.sortBy]} ${direction}, ${spec.tieBreaker} ${direction}`
      : `${spec.defaultOrder}, ${spec.tieBreaker}`;
    const filterParams = params.length;
    const sql =
      `SELECT ${source.select}, (count(*) OVER ())::int AS "__total" FROM ${source.from} ${where} ` +
      `ORDER BY ${orderBy} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}`;
    const { rows } = await db.query<Row & { __total: number }>(sql, params);
    let total = rows[0]?.__total;
    if (total === undefined) {
      // A page past the end: count separately (only then).
      const counted = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${source.from} ${where}`,
        params.slice(0, filterParams),
      );
      total = counted.rows[0].n;
    }
    return {
      rows: rows.map(({ __total: _, ...row }) => row as unknown as Row),
      total,
    };
  }

  /** `{ rows, total }` → `{ <listKey>: rows, total }`. */
  const answer = <Row>(result: { rows: Row[]; total: number }) =>
    ({ [spec.listKey]: result.rows, total: result.total }) as Record<string, Row[] | number> & {
      total: number;
    };

  return { spec, querystring, response, run, answer, sortKeys, filterKeys };
}
