/**
 * The one list helper of every list endpoint (docs/architecture.md#the-v1-contract):
 * `?limit=25&offset=0&sortBy=<whitelisted>&order=asc|desc&q=<text>&<typed filters>` →
 * `{ <listKey>: rows, total }`.
 *
 * `defineList(spec)` gives the route its TypeBox querystring and response schemas (so unknown sort
 * fields and unknown filters are a 400 with field errors, and the OpenAPI document lists them), and
 * `run` builds the SQL: parameterised values only, sort expressions from the whitelist, `q` as an
 * ILIKE over the declared columns with its wildcards escaped, and the organisation condition from the
 * caller's OrgScope (or an explicit `global` reason).
 *
 * Lists stay fast over millions of rows: the page query carries no window count; `total` is exact up
 * to TOTAL_CAP and otherwise `TOTAL_CAP` with `totalCapped: true`, counted over at most TOTAL_CAP + 1
 * rows (not counted at all when the page itself shows where the list ends, and a capped count is
 * remembered for half a minute). `batches` walks the
 * whole filtered set in keyset batches (for CSV exports): each batch is one short indexed query, so an
 * export never holds a connection or a transaction open while the client reads.
 */
import { Type, type Static, type TSchema } from 'typebox';
import type { OrgScope } from '../auth/scope';
import { Int32, INT32_MAX, Text } from '../http/schemas';
import type { Db } from '../db/client';
import { batchSizer, fixedSize, type BatchSizer } from './batchSize';

export const LIST_LIMIT_DEFAULT = 25;
export const LIST_LIMIT_MAX = 100;
/** Beyond any real table; larger offsets are a 400, not a database error. */
export const LIST_OFFSET_MAX = 10_000_000;
export const LIST_Q_MAX_LENGTH = 200;
/** Totals are exact up to this many rows; beyond it the answer says `totalCapped: true`. */
export const TOTAL_CAP = 10_000;
/** The column a first page carries its total in (decision 210; never a list's own column). */
const FOLDED_TOTAL = '__total';
/**
 * Rows of an export's first query (`batches`); the next ones are sized by time (server/lib/batchSize.ts),
 * between EXPORT_BATCH_MIN and EXPORT_BATCH_MAX, so a request waiting on PGlite waits little.
 */
export const EXPORT_BATCH = 250;
export const EXPORT_BATCH_MIN = 100;
export const EXPORT_BATCH_MAX = EXPORT_BATCH;
/** Rows of an export's capped count's first slice (`countUpTo`), then sized by time within the bounds. */
export const COUNT_SLICE = 5000;
export const COUNT_SLICE_MIN = 2000;
export const COUNT_SLICE_MAX = COUNT_SLICE;

const sizerOf = (size: number | BatchSizer | undefined, initial: number, min: number, max: number) =>
  size === undefined ? batchSizer({ initial, min, max }) : typeof size === 'number' ? fixedSize(size) : size;

/** A typed filter: its query-string schema and the SQL condition for its (parameter) placeholder. */
export interface ListFilter<S extends TSchema = TSchema> {
  schema: S;
  where: (placeholder: string) => string;
  /**
   * Whatever its value, the best plan is the same: the column leads an index in the list's default
   * order (a business's id before `created_at, id`). A page filtered by such filters alone, in the
   * default order and without `q`, is planned once for all values (QueryOptions.prepare 'generic',
   * docs/decisions.md 214); a status or a date range can make another index the better one.
   */
  onePlan?: true;
}

/** `status=…` → `column = $n` (`onePlan`: see ListFilter) */
export const equals = <S extends TSchema>(
  column: string,
  schema: S,
  options: Pick<ListFilter, 'onePlan'> = {},
): ListFilter<S> => ({
  schema,
  where: (p) => `${column} = ${p}`,
  ...options,
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
/** `to=…` → `column < $n` (an exclusive end: `from` and `to` of consecutive ranges never overlap) */
export const before = <S extends TSchema>(column: string, schema: S): ListFilter<S> => ({
  schema,
  where: (p) => `${column} < ${p}`,
});
/** `currency=…` → `(a = $n OR b = $n)`: one value matching any of several columns */
export const equalsAny = <S extends TSchema>(columns: readonly string[], schema: S): ListFilter<S> => ({
  schema,
  where: (p) => `(${columns.map((c) => `${c} = ${p}`).join(' OR ')})`,
});

/** A `q` term: a text expression (ILIKE'd), or SQL built from the pattern's placeholder (an EXISTS…). */
export type SearchTerm = string | ((pattern: string) => string);

export interface ListSpec<Sort extends string, Filters extends Record<string, ListFilter>> {
  /** The key of the rows in the answer (`roles`, `payments`, …). */
  listKey: string;
  /**
   * sortBy values the API accepts → the SQL expression(s) each sorts by, all in the asked direction
   * (`status: ['t.status', 't.created_at']` follows an index on (status, created_at, id)). Exports walk
   * them as a keyset, so they must be NOT NULL.
   */
  sortBy: Record<Sort, string | readonly string[]>;
  /**
   * The sort without a sortBy: `{ sortBy: 'created', order: 'desc' }` makes the first page exactly
   * `sortBy=created&order=desc` (and `?order=asc` alone reverses it). Takes precedence over
   * `defaultOrder`.
   */
  defaultSort?: { sortBy: NoInfer<Sort>; order: 'asc' | 'desc' };
  /** ORDER BY when no sortBy is given and no defaultSort (`order` applies to sortBy only). */
  defaultOrder?: string;
  /** Appended to every ORDER BY so that pages are stable (a unique column, e.g. `id`). */
  tieBreaker: string;
  /** What `q` searches (case-insensitive substring); no `q` when empty. */
  search?: readonly SearchTerm[];
  filters?: Filters;
}

/** Where the rows come from and whose they are. */
export interface ListSource {
  /**
   * The select list, e.g. `id, name, organisation_id IS NULL AS "builtIn"`; or a function of the
   * placeholder that holds the caller's organisation (a scoped owner's), for a select list that needs
   * it (a count of the organisation's members).
   */
  select: string | ((placeholders: { organisation: string }) => string);
  /** The FROM clause (a table, or joins). */
  from: string;
  /**
   * The organisation condition: the caller's scope on `column`, optionally also rows where it is NULL
   * (shared), or `global` with the reason the rows belong to no organisation.
   */
  owner:
    | {
        column: string;
        scope: OrgScope;
        sharedWhenNull?: boolean;
        /**
         * A condition on the values alone (a one-time test) that proves every row the query's filters
         * leave is the organisation's, or undefined: tested once instead of `column` on each row, so
         * a page filtered to one business reads only that business's index (docs/decisions.md 215).
         */
        once?: (
          organisation: string,
          param: (value: unknown) => string,
          selection: Readonly<Record<string, unknown>>,
        ) => string | undefined;
      }
    | { global: string };
  /**
   * Further fixed conditions, with a placeholder maker for their values and the query's sort, `q` and
   * filters (as parsed: a condition may lean on a filter the query gives).
   */
  where?: (param: (value: unknown) => string, selection: Readonly<Record<string, unknown>>) => string[];
  /**
   * Every column of the select list is already what the answer shows (text, an integer, a boolean,
   * JSON; never a timestamp, a NUMERIC or a bigint the driver would convert): a page then comes back as
   * one JSON text built by the database, not as rows of columns (docs/decisions.md 215).
   */
  answerColumns?: true;
}

/** A source's select list, given the placeholder of the caller's organisation. */
export const selectList = (source: ListSource, organisation: string) =>
  typeof source.select === 'string' ? source.select : source.select({ organisation });

/**
 * Counts that reached the cap, remembered for CAPPED_TTL_MS per database: paging through a large list
 * (page 1, 2, … 200 of one business) counts its 10,001 rows once, not on every page. Only capped
 * outcomes are kept (rows are added, rarely removed, so "more than 10,000" stays true); an exact total
 * is always counted afresh.
 */
export const CAPPED_TTL_MS = 30_000;
const CAPPED_MAX_ENTRIES = 1000;
const capped = new WeakMap<Db, Map<string, number>>();

function cappedRecently(db: Db, key: string): boolean {
  const until = capped.get(db)?.get(key);
  return until !== undefined && until > Date.now();
}

function rememberCapped(db: Db, key: string) {
  let entries = capped.get(db);
  if (!entries) capped.set(db, (entries = new Map()));
  if (entries.size >= CAPPED_MAX_ENTRIES) {
    const now = Date.now();
    for (const [k, until] of entries) if (until <= now) entries.delete(k);
    if (entries.size >= CAPPED_MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  entries.set(key, Date.now() + CAPPED_TTL_MS);
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

/** What a list and its export share: sort, order, q and the filters. */
export type Selection<Sort extends string, Filters extends Record<string, ListFilter>> = {
  sortBy?: Sort;
  order?: 'asc' | 'desc';
  q?: string;
} & { [K in keyof Filters]?: Static<Filters[K]['schema']> };

/** The query of `<list>/export`. */
export type ExportQuery<Sort extends string, Filters extends Record<string, ListFilter>> = Selection<
  Sort,
  Filters
> & { format: 'csv' };

/** A page: the rows, the (capped) total, and whether it was capped. */
export interface ListResult<Row> {
  rows: Row[];
  total: number;
  totalCapped?: true;
}

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
  if (!spec.defaultSort && spec.defaultOrder === undefined)
    throw new Error(`List ${spec.listKey}: declare defaultSort or defaultOrder`);
  const search = spec.search ?? [];
  const sortExpressions = (key: Sort): readonly string[] => [spec.sortBy[key]].flat();

  /** sortBy, order, q and the filters: what a list and its export share. */
  const selection = {
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
  };

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
        ...selection,
      },
      { additionalProperties: false },
    ),
  );

  /** The export's query: the list's sort and filters (no paging) and the file format. */
  const exportQuerystring = Type.Unsafe<ExportQuery<Sort, Filters>>(
    Type.Object(
      {
        format: Type.Enum(['csv'], { description: 'The file format' }),
        ...selection,
      },
      { additionalProperties: false },
    ),
  );

  /** The answer's schema: `{ <listKey>: item[], total }`. */
  const response = <Item extends TSchema>(item: Item) =>
    Type.Object({
      [spec.listKey]: Type.Array(item, { maxItems: LIST_LIMIT_MAX }),
      total: Int32({
        minimum: 0,
        maximum: INT32_MAX,
        description: `Rows matching the filters, exact up to ${TOTAL_CAP} (then ${TOTAL_CAP} and totalCapped)`,
      }),
      totalCapped: Type.Optional(
        Type.Boolean({ description: `Present and true when more than ${TOTAL_CAP} rows match` }),
      ),
    });

  /** The WHERE clause (and its parameters) of a query over a source. */
  function whereOf(query: Selection<Sort, Filters>, source: ListSource) {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions: string[] = [];
    let select: string;
    if ('global' in source.owner) {
      // Declared global: no organisation condition.
      if (typeof source.select !== 'string')
        throw new Error(`List ${spec.listKey}: a global list's select cannot name the organisation`);
      select = source.select;
    } else {
      const { column, scope, sharedWhenNull, once } = source.owner;
      const organisation = param(scope.organisationId);
      const mine = `${column} = ${organisation}`;
      conditions.push(
        once?.(organisation, param, query) ?? (sharedWhenNull ? `(${column} IS NULL OR ${mine})` : mine),
      );
      select = selectList(source, organisation);
    }
    conditions.push(...(source.where?.(param, query) ?? []));
    for (const key of filterKeys) {
      const value = (query as Record<string, unknown>)[key];
      if (value !== undefined) conditions.push(filters[key].where(param(value)));
    }
    if (query.q !== undefined && query.q.trim() !== '' && search.length > 0) {
      const pattern = param(`%${escapeLike(query.q.trim())}%`);
      const terms = search.map((term) =>
        typeof term === 'string' ? `${term} ILIKE ${pattern} ESCAPE '\\'` : term(pattern),
      );
      conditions.push(`(${terms.join(' OR ')})`);
    }
    return { conditions, params, param, select };
  }

  /** The sort as expressions with one direction (sortBy or defaultSort), or the fixed defaultOrder. */
  function sortOf(query: Selection<Sort, Filters>) {
    const key = query.sortBy ?? spec.defaultSort?.sortBy;
    if (key === undefined) return { orderBy: `${spec.defaultOrder}, ${spec.tieBreaker}` };
    const order = query.order ?? (query.sortBy === undefined ? spec.defaultSort?.order : undefined) ?? 'asc';
    const direction = order === 'desc' ? 'DESC' : 'ASC';
    const keys = [...sortExpressions(key), spec.tieBreaker];
    return { orderBy: keys.map((k) => `${k} ${direction}`).join(', '), keys, direction };
  }

  async function run<Row extends object>(
    db: Db,
    query: ListQuery<Sort, Filters>,
    source: ListSource,
  ): Promise<ListResult<Row>> {
    const { conditions, params, param, select } = whereOf(query, source);
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const filterParams = params.slice();
    // Past the first page, the page's keys first and its columns after: rows skipped by OFFSET are
    // never formatted (a deferred join; at page 200 that is 4,975 rows whose select list is not
    // computed). The first page skips nothing, and the plain query plans and runs in half the time
    // (on PGlite at 200,000 payments: 1.0 ms against 1.9 ms).
    const sort = sortOf(query);
    const { orderBy } = sort;
    // The total: at most TOTAL_CAP + 1 rows, walked in the default order, which every list has an
    // index for (unordered, PostgreSQL may pick a sequential scan hoping to meet the rows early).
    const countSql =
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${source.from} ${where} ` +
      `ORDER BY ${sortOf({}).orderBy} LIMIT ${TOTAL_CAP + 1}) capped`;
    const key = `${countSql}\u0000${JSON.stringify(filterParams)}`;
    const knownCapped = cappedRecently(db, key);
    // A first page counts in its own statement (a sub-select, run once, when the page has a row): one
    // statement instead of two. A short first page is its total, and counting it walks its few rows.
    const folded = query.offset === 0 && !knownCapped;
    const sql =
      query.offset === 0
        ? `SELECT ${select}${folded ? `, (${countSql}) AS "${FOLDED_TOTAL}"` : ''} FROM ${source.from} ${where} ` +
          `ORDER BY ${orderBy} LIMIT ${param(query.limit)}`
        : sort.keys
          ? // The page's sort keys (the tie-breaker last), then each row read through them alone
            // (OFFSET 0 keeps the sub-select apart): one plan whatever the LIMIT, whose unknown value
            // a plan made once takes for a tenth of the rows (a hash join over the whole table).
            `WITH page AS (SELECT ${sort.keys.map((k, i) => `${k} AS "__k${i}"`).join(', ')} ` +
            `FROM ${source.from} ${where} ` +
            `ORDER BY ${orderBy} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}) ` +
            `SELECT item.* FROM page CROSS JOIN LATERAL (SELECT ${select} FROM ${source.from} ` +
            `WHERE ${spec.tieBreaker} = page."__k${sort.keys.length - 1}" OFFSET 0) item ` +
            `ORDER BY ${sort.keys.map((_, i) => `page."__k${i}" ${sort.direction}`).join(', ')}`
          : `WITH page AS (SELECT ${spec.tieBreaker} AS "__key" FROM ${source.from} ${where} ` +
            `ORDER BY ${orderBy} LIMIT ${param(query.limit)} OFFSET ${param(query.offset)}) ` +
            `SELECT ${select} FROM ${source.from} JOIN page ON ${spec.tieBreaker} = page."__key" ` +
            `ORDER BY ${orderBy}`;
    // One plan for every call when no value can make another plan better (ListFilter.onePlan): in
    // the declared default sort, whose later pages read their rows through their keys (a fixed
    // defaultOrder joins the page, which a plan made once may do by a hash over the whole table).
    // Not with a count: how to count up to TOTAL_CAP rows depends on how many there are (a business
    // of 200 rows is best read whole and sorted, one of 20,000 walked in its index's order).
    const given = filterKeys.filter((k) => (query as Record<string, unknown>)[k] !== undefined);
    const defaultSort = spec.defaultSort?.sortBy;
    const onePlan =
      !folded &&
      defaultSort !== undefined &&
      (query.sortBy ?? defaultSort) === defaultSort &&
      (query.q === undefined || query.q.trim() === '') &&
      given.every((k) => filters[k].onePlan);
    // Otherwise planned for its values on each call (PostgreSQL's own choice could keep a plan made
    // once, good for no status or range but the first), its text still parsed once.
    const options = { prepare: onePlan ? 'generic' : 'custom' } as const;
    // Rows of columns cost the embedded database's one thread most of a page's time (each field a
    // protocol message, parsed and passed to this thread one by one): one text of the rows, in the
    // page's order (an aggregate over the ordered page, with nothing in between), costs a third less.
    const read = source.answerColumns
      ? (JSON.parse(
          (
            await db.query<{ page: string }>(
              `SELECT COALESCE(json_agg(r), '[]')::text AS page FROM (${sql}) r`,
              params,
              options,
            )
          ).rows[0].page,
        ) as (Row & { [FOLDED_TOTAL]?: number })[])
      : (await db.query<Row & { [FOLDED_TOTAL]?: number }>(sql, params, options)).rows;
    const foldedTotal = read[0]?.[FOLDED_TOTAL];
    const rows = folded ? read.map(({ [FOLDED_TOTAL]: _total, ...row }) => row as Row) : (read as Row[]);
    // A short page that is not past the end tells the total without counting.
    let total: number;
    if (rows.length < query.limit && (rows.length > 0 || query.offset === 0)) {
      total = query.offset + rows.length;
    } else if (knownCapped) {
      total = TOTAL_CAP + 1;
    } else {
      total =
        foldedTotal ??
        (await db.query<{ n: number }>(countSql, filterParams, { prepare: 'custom' })).rows[0].n;
      if (total > TOTAL_CAP) rememberCapped(db, key);
    }
    return total > TOTAL_CAP ? { rows, total: TOTAL_CAP, totalCapped: true } : { rows, total };
  }

  /**
   * The whole filtered set in the list's order, walked as a keyset over the sort expressions and the
   * tie-breaker (compared as text casts back to their types, so no precision is lost between batches),
   * `size` rows per query: a fixed number, or by default sized by time (EXPORT_BATCH first). Needs a
   * sortBy or defaultSort.
   */
  async function* batches<Row extends object>(
    db: Db,
    query: Selection<Sort, Filters>,
    source: ListSource,
    size?: number | BatchSizer,
  ): AsyncGenerator<Row[]> {
    const sizer = sizerOf(size, EXPORT_BATCH, EXPORT_BATCH_MIN, EXPORT_BATCH_MAX);
    const sort = sortOf(query);
    if (!sort.keys) throw new Error(`List ${spec.listKey}: batches need a sortBy or a defaultSort`);
    const keyColumns = sort.keys.map((k, i) => `(${k})::text AS "__k${i}"`).join(', ');
    let after: string[] | undefined;
    for (;;) {
      const { conditions, params, param, select } = whereOf(query, source);
      if (after) {
        const values = after.map((v) => param(v)).join(', ');
        conditions.push(`(${sort.keys.join(', ')}) ${sort.direction === 'DESC' ? '<' : '>'} (${values})`);
      }
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const size = sizer.size;
      const { rows, ms } = await db.query<Row & Record<string, unknown>>(
        `SELECT ${select}, ${keyColumns} FROM ${source.from} ${where} ` +
          `ORDER BY ${sort.orderBy} LIMIT ${param(size)}`,
        params,
      );
      sizer.record(size, ms);
      if (rows.length === 0) return;
      const last = rows[rows.length - 1];
      after = sort.keys.map((_, i) => String(last[`__k${i}`]));
      yield rows.map((row) => {
        const copy: Record<string, unknown> = { ...row };
        sort.keys.forEach((_, i) => delete copy[`__k${i}`]);
        return copy as Row;
      });
      if (rows.length < size) return;
    }
  }

  /**
   * The rows matching the filters, counted up to `cap + 1` at most (an export's row cap). Counted in
   * slices walked as a keyset in the default order (each slice one short query: the key of its last
   * row), so no single statement holds the database for the whole count; `slice` rows each, or by
   * default sized by time (COUNT_SLICE first).
   */
  async function countUpTo(
    db: Db,
    query: Selection<Sort, Filters>,
    source: ListSource,
    cap: number,
    slice?: number | BatchSizer,
  ) {
    const sizer = sizerOf(slice, COUNT_SLICE, COUNT_SLICE_MIN, COUNT_SLICE_MAX);
    const order = sortOf({});
    const keyColumns = order.keys?.map((k, i) => `(${k})::text AS "__k${i}"`).join(', ');
    let counted = 0;
    let after: string[] | undefined;
    for (;;) {
      const { conditions, params, param } = whereOf(query, source);
      if (after && order.keys) {
        const values = after.map((v) => param(v)).join(', ');
        conditions.push(`(${order.keys.join(', ')}) ${order.direction === 'DESC' ? '<' : '>'} (${values})`);
      }
      const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
      const left = cap + 1 - counted;
      const slice = sizer.size;
      if (order.keys && left > slice) {
        const { rows, ms } = await db.query<Record<string, string>>(
          `SELECT ${keyColumns} FROM ${source.from} ${where} ` +
            `ORDER BY ${order.orderBy} LIMIT 1 OFFSET ${Math.trunc(slice) - 1}`, // a number of this code, never input
          params,
        );
        sizer.record(slice, ms);
        if (rows.length > 0) {
          counted += slice;
          after = order.keys.map((_, i) => String(rows[0][`__k${i}`]));
          continue;
        }
      }
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${source.from} ${where} ` +
          `ORDER BY ${order.orderBy} LIMIT ${param(Math.min(left, order.keys ? slice : left))}) capped`,
        params,
      );
      return counted + rows[0].n;
    }
  }

  /** `{ rows, total, totalCapped? }` → `{ <listKey>: rows, total, totalCapped? }`. */
  const answer = <Row>(result: { rows: Row[]; total: number; totalCapped?: boolean }) =>
    ({
      [spec.listKey]: result.rows,
      total: result.total,
      ...(result.totalCapped ? { totalCapped: true } : {}),
    }) as Record<string, Row[] | number> & { total: number; totalCapped?: boolean };

  return {
    spec,
    querystring,
    exportQuerystring,
    response,
    run,
    batches,
    countUpTo,
    answer,
    sortKeys,
    filterKeys,
  };
}
