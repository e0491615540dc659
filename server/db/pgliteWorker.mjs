/**
 * The embedded database's own thread (server/db/client.ts, `openPglite`): it owns the PGlite instance
 * and answers the messages of the HTTP thread, so a long query, or the parsing of a big result, never
 * runs on the event loop that serves requests.
 *
 * Plain JavaScript on purpose: a worker is started from a file, and this one must load the same under
 * tsx (`npm start`, `npm run seed`), vitest and plain node (scripts/openapi.mjs).
 *
 * Messages in: `{ id, op: 'query', sql, params, tx? }`, `{ id, op: 'exec', sql, tx? }`,
 * `{ id, op: 'begin' }` (answers `{ tx }` once inside BEGIN), `{ id, op: 'end', tx, commit }`,
 * `{ id, op: 'listen', channel }`, `{ id, op: 'unlisten', channel }`, `{ id, op: 'close' }`.
 * Messages out: `{ op: 'ready' }` or `{ op: 'failed', error }` once, then `{ id, ok, value | error }`
 * per request (a query outside a transaction answers `{ rows, ms }`: `ms` is how long the statement
 * held the database, its wait in the queue not counted) and `{ op: 'notify', channel, payload }` per notification. A notification is posted
 * before the answer of the statement that caused it (PGlite calls its listeners while it reads that
 * statement's result), so the HTTP thread hears it before that statement's caller resumes.
 *
 * A transaction is a session: its statements carry its id and run on its PGlite transaction, one after
 * the other, while statements outside it wait for it (PGlite runs one transaction at a time).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { dataDir } = workerData ?? {};
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
      const run = (target) => target.query(message.sql, message.params);
      if (message.tx) return { rows: (await inSession(message.tx, run)).rows };
      const { value, ms } = await schedule(() => run(pglite), message.background, message.sql);
      return { rows: value.rows, ms };
    }
    case 'exec': {
      const run = (target) => target.exec(message.sql);
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
    default:
      throw new Error(`unknown operation ${op}`);
  }
}

try {
  // pg_trgm: the trigram indexes that serve the lists' `q` (migration 0018).
  pglite = await PGlite.create(dataDir, { extensions: { pg_trgm } });
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
