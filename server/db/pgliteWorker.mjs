/**
 * The embedded database's own thread (server/db/client.ts, `openPglite`): it owns the PGlite instance
 * and answers the messages of the HTTP thread, so a long query, or the parsing of a big result, never
 * runs on the event loop that serves requests.
 *
 * Plain JavaScript on purpose: a worker is started from a file, and this one must load the same under
 * tsx (`npm start`, `npm run seed`), vitest and plain node (scripts/openapi.mjs).
 *
 * Started with `workerData: { dataDir?, preparedMax?, fromDump? }`: `fromDump`, the path of a tar that
 * `op: 'dump'` wrote, starts an in-memory database as that one was, without initdb (a third of the
 * time; the server tests' seeded database, tests/server/globalSetup.ts).
 *
 * Messages in: `{ id, op: 'query', sql, params, prepare?, tx? }`, `{ id, op: 'exec', sql, tx? }`,
 * `{ id, op: 'begin' }` (answers `{ tx }` once inside BEGIN), `{ id, op: 'end', tx, commit }`,
 * `{ id, op: 'listen', channel }`, `{ id, op: 'unlisten', channel }`, `{ id, op: 'close' }`,
 * `{ id, op: 'dump', path }` (answers once the data folder, as of the last commit, is written to `path`
 * as an uncompressed tar).
 * Messages out: `{ op: 'ready' }` or `{ op: 'failed', error }` once, then `{ id, ok, value | error }`
 * per request (a query outside a transaction answers `{ rows, ms }`: `ms` is how long the statement
 * held the database, its wait in the queue not counted) and `{ op: 'notify', channel, payload }` per notification. A notification is posted
 * before the answer of the statement that caused it (PGlite calls its listeners while it reads that
 * statement's result), so the HTTP thread hears it before that statement's caller resumes.
 *
 * A transaction is a session: its statements carry its id and run on its PGlite transaction, one after
 * the other, while statements outside it wait for it (PGlite runs one transaction at a time).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir, preparedMax = 64, fromDump } = workerData ?? {};
let pglite;
/** Open transactions by id: the PGlite transaction, the last statement sent, and how to end it. */
const sessions = new Map();
/** Each open transaction's outcome (COMMIT or ROLLBACK done), read by 'end'. */
const outcomes = new Map();
/** Unsubscribe functions by channel. */
const listening = new Map();
let nextSession = 1;
const ROLLBACK = Symbol('rollback');

/** An error as data: its message and every own field a caller reads (code, detail, constraint…). */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const data = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    data[key] = value;
  }
  return data;
}

const post = (message) => parentPort.postMessage(message);
const answer = (id, value) => post({ id, ok: true, value });
const refuse = (id, error) => post({ id, ok: false, error: errorData(error) });

/**
 * A statement in one exchange with the database (docs/decisions.md 214). PGlite's own `query` makes six
 * (Parse, Describe, Bind, Describe, Execute, Sync, each a pass through its main loop) and parses the
 * text every time. Here a text's parameter types are asked once (Parse, Describe, Sync) and kept; each
 * call is then one buffer: Parse (unnamed) or nothing (a named statement), Bind, Describe, Execute,
 * Sync. `prepare: true` names the statement, so later calls skip parsing and PostgreSQL chooses its
 * plans as on any connection (QueryOptions.prepare); `'generic'` and `'custom'` also bind it under
 * `plan_cache_mode = force_generic_plan` (planned once) or `force_custom_plan` (planned for each
 * call's values), set and reset in the same buffer. In a transaction, where a failed statement would
 * leave the setting to the ROLLBACK, 'generic' is `true` and 'custom' unnamed. Values are serialised
 * as PGlite's `query` does, by the parameter's type, and rows parsed by its parsers.
 */
const serialize = protocol.serialize;
/** Texts whose parameter types are known, in the order last used: `{ types, name? }`. */
const statements = new Map();
/** Texts remembered, named ones among them; past the cap the least recently used is dropped. */
const STATEMENTS_MAX = 500;
/** Named statements at most (PREPARED_MAX of server/db/client.ts): later texts run unnamed. */
const NAMED_MAX = preparedMax;
let named = 0;
let nextName = 1;
/** Close messages of dropped named statements, sent with the next exchange. */
let closing = [];

/** Forgets every text (after an `exec`, which may change the schema under them). */
function forgetStatements() {
  for (const { name } of statements.values()) if (name) closing.push(serialize.close({ type: 'S', name }));
  statements.clear();
  named = 0;
}

async function exchange(parts) {
  const messages = [...closing, ...parts];
  closing = [];
  return pglite.execProtocolStream(Buffer.concat(messages), { syncToFs: false });
}

/** The entry of a text: its parameter types, asked once (and its name, when prepared). */
async function statementOf(sql, prepare) {
  let entry = statements.get(sql);
  if (entry) {
    statements.delete(sql); // most recently used last
    statements.set(sql, entry);
    if (entry.name || !prepare || named >= NAMED_MAX) return entry;
  }
  const name = prepare && named < NAMED_MAX ? `prepared_${nextName++}` : undefined;
  const described = await exchange([
    serialize.parse({ name, text: sql }),
    serialize.describe({ type: 'S', name }),
    serialize.sync(),
  ]);
  entry = { types: parse.parseDescribeStatementResults(described), name };
  if (name) named++;
  statements.set(sql, entry);
  if (statements.size > STATEMENTS_MAX) {
    const [oldest, dropped] = statements.entries().next().value;
    statements.delete(oldest);
    if (dropped.name) {
      named--;
      closing.push(serialize.close({ type: 'S', name: dropped.name }));
    }
  }
  return entry;
}

/** The plan_cache_mode a `prepare` binds under, outside a transaction. */
const PLAN_MODES = { generic: 'force_generic_plan', custom: 'force_custom_plan' };

async function runStatement(sql, params = [], prepare, inTransaction) {
  try {
    const entry = await statementOf(sql, inTransaction && prepare === 'custom' ? false : prepare);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[entry.types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const mode = entry.name && !inTransaction ? PLAN_MODES[prepare] : undefined;
    const messages = await exchange([
      ...(entry.name ? [] : [serialize.parse({ text: sql })]),
      ...(mode ? [serialize.query(`SET plan_cache_mode = ${mode}`)] : []),
      serialize.bind({ statement: entry.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
      ...(mode ? [serialize.query('RESET plan_cache_mode')] : []),
    ]);
    // With the setting, the SET's result comes first.
    return parse.parseResults(messages, pglite.parsers)[mode ? 1 : 0];
  } catch (error) {
    if (error && typeof error === 'object') error.query = sql; // as PGlite's query does
    throw error;
  }
}

/** A statement outside any transaction: after an open one ends (PGlite's own order), then synced. */
async function runAlone(sql, params, prepare) {
  const result = await pglite._runExclusiveTransaction(() =>
    pglite.runExclusive(() => runStatement(sql, params, prepare, false)),
  );
  await pglite.syncToFs();
  return result;
}

/** Runs a statement of a session after the ones sent before it. */
function inSession(txId, run) {
  const session = sessions.get(txId);
  if (!session) return Promise.reject(new Error(`no open transaction ${txId}`));
  const result = session.chain.then(() => run(session.tx));
  session.chain = result.catch(() => undefined);
  return result;
}

/**
 * Statements outside a transaction run one at a time in this order: a waiting request's statement
 * before any background one (an export's or a report's next batch), but never more than
 * FAIR_SHARE of them in a row while background work waits, so neither side starves. PGlite runs one
 * statement at a time anyway; this decides which goes next.
 */
const FAIR_SHARE = 8;
const foreground = [];
const background = [];
let running = false;
let inARow = 0;

function schedule(job, low, sql) {
  return new Promise((resolve, reject) => {
    (low ? background : foreground).push({ job, resolve, reject, sql });
    next();
  });
}

/**
 * PGLITE_SLOW_MS=N (a diagnosis, off by default): each statement outside a transaction that runs N ms
 * or more is written to stderr with its duration, its priority and the start of its SQL (never its
 * parameters), to find what a waiting request waits for.
 */
const SLOW_MS = Number(process.env.PGLITE_SLOW_MS) || 0;

function next() {
  if (running) return;
  const takeBackground = background.length > 0 && (foreground.length === 0 || inARow >= FAIR_SHARE);
  const item = takeBackground ? background.shift() : foreground.shift();
  if (!item) return;
  inARow = takeBackground ? 0 : inARow + 1;
  running = true;
  const started = performance.now();
  item
    .job()
    // What it gave, and how long it held the database (a time-sized batch reads it: server/lib/batchSize.ts).
    .then((value) => item.resolve({ value, ms: performance.now() - started }), item.reject)
    .finally(() => {
      running = false;
      if (SLOW_MS) {
        const ms = performance.now() - started;
        if (ms >= SLOW_MS) {
          const what = item.sql.replace(/\s+/g, ' ').slice(0, 160);
          process.stderr.write(
            `pglite ${ms.toFixed(0)} ms ${takeBackground ? 'background' : 'foreground'} ${what}\n`,
          );
        }
      }
      next();
    });
}

async function handle(message) {
  const { op } = message;
  switch (op) {
    case 'query': {
      const { sql, params, prepare } = message;
      if (message.tx) {
        const inTransaction = () => pglite.runExclusive(() => runStatement(sql, params, prepare, true));
        return { rows: (await inSession(message.tx, inTransaction)).rows };
      }
      const { value, ms } = await schedule(() => runAlone(sql, params, prepare), message.background, sql);
      return { rows: value.rows, ms };
    }
    case 'exec': {
      // A script may change the schema under the statements known: they are prepared again.
      const run = (target) => {
        forgetStatements();
        return target.exec(message.sql);
      };
      if (message.tx) await inSession(message.tx, run);
      else await schedule(() => run(pglite), message.background, message.sql);
      return null;
    }
    case 'begin': {
      const txId = nextSession++;
      return new Promise((resolve, reject) => {
        let finish;
        const decided = new Promise((r) => (finish = r));
        const done = pglite
          .transaction(async (tx) => {
            sessions.set(txId, { tx, chain: Promise.resolve(), finish });
            resolve({ tx: txId });
            const commit = await decided;
            // The statements already sent finish before COMMIT or ROLLBACK.
            await sessions.get(txId).chain;
            if (!commit) throw ROLLBACK;
          })
          .finally(() => sessions.delete(txId));
        outcomes.set(txId, done);
        done.catch(reject); // BEGIN failed: the request fails (after it resolved, this does nothing)
      });
    }
    case 'end': {
      const session = sessions.get(message.tx);
      const done = outcomes.get(message.tx);
      outcomes.delete(message.tx);
      if (!session || !done) throw new Error(`no open transaction ${message.tx}`);
      session.finish(Boolean(message.commit));
      try {
        await done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return null;
    }
    case 'listen': {
      if (!listening.has(message.channel)) {
        const stop = await pglite.listen(message.channel, (payload) =>
          post({ op: 'notify', channel: message.channel, payload }),
        );
        listening.set(message.channel, stop);
      }
      return null;
    }
    case 'unlisten': {
      const stop = listening.get(message.channel);
      listening.delete(message.channel);
      if (stop && !pglite.closed) await stop();
      return null;
    }
    case 'close': {
      if (!pglite.closed) await pglite.close();
      return null;
    }
    case 'dump': {
      // In its turn among the statements, once no transaction is open, so the tar holds committed
      // data only. The CHECKPOINT first makes the tar a cleanly written database: without it, one
      // opened from it recovers from the WAL, where each sequence is logged up to 32 values ahead, so
      // its ids would start further on than the dumped database's (and the replay costs time).
      await schedule(
        () =>
          pglite._runExclusiveTransaction(async () => {
            await pglite.runExclusive(() => runStatement('CHECKPOINT', [], false, false));
            const tar = await pglite.dumpDataDir('none');
            await writeFile(message.path, Buffer.from(await tar.arrayBuffer()));
          }),
        false,
        'dump',
      );
      return null;
    }
    default:
      throw new Error(`unknown operation ${op}`);
  }
}

try {
  // pg_trgm: the trigram indexes that serve the lists' `q` (migration 0018).
  const extensions = { pg_trgm };
  pglite = fromDump
    ? await PGlite.create(undefined, { extensions, loadDataDir: new Blob([await readFile(fromDump)]) })
    : await PGlite.create(dataDir, { extensions });
  // runAlone keeps PGlite's order between transactions and other statements through its lock.
  if (typeof pglite._runExclusiveTransaction !== 'function')
    throw new Error('this PGlite has no _runExclusiveTransaction (server/db/pgliteWorker.mjs, runAlone)');
  parentPort.on('message', (message) => {
    handle(message).then(
      (value) => answer(message.id, value),
      (error) => refuse(message.id, error),
    );
  });
  post({ op: 'ready' });
} catch (error) {
  post({ op: 'failed', error: errorData(error) });
}
