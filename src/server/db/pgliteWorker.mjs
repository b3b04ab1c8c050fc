// The embedded database's own thread (issue 36). PGlite is PostgreSQL compiled to WebAssembly and
// runs wherever it is called: in the server's thread, every statement blocked the event loop, so
// at 32 requests in flight the whole server waited on it (p99 over a second on bench:reads). Here
// it has a thread of its own and the server talks to it by messages (db/pgliteThread.ts).
//
// Plain JavaScript, not TypeScript: a worker thread does not inherit the loaders that run the
// server's sources (tsx, vitest), and the build copies this file beside the bundle as it is.
//
// Each statement text is parsed once and kept as a named prepared statement (the last MAX_KEPT
// texts), and each run is one call into PostgreSQL (Bind, Execute, Sync): PGlite's own query()
// makes six (Parse, Describe, Bind, Describe, Execute, Sync) and plans every time, 197 µs for a
// primary-key read against 74 µs here.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, protocol } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const { serialize, Parser } = protocol;
const MAX_KEPT = 1000;
const BURST = 64;

/** @type {PGlite} */
let pg;
/** Statement text -> its prepared name, parameter types and result fields (least recent first). */
const kept = new Map();
let named = 0;
/** The transaction that owns the database now; other work waits for it to end. */
let activeTx = null;
let txCounter = 0;
const waiting = [];
let pumping = false;

function concat(parts) {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** One round of the wire protocol, synchronously: the backend's messages, or its error thrown. */
function roundTrip(bytes) {
  const answer = pg.execProtocolRawSync(bytes);
  const messages = [];
  let error = null;
  new Parser().parse(answer, (message) => {
    if (message.name === 'error') error ??= message;
    else messages.push(message);
  });
  if (error) throw error;
  return messages;
}

function prepare(text) {
  const found = kept.get(text);
  if (found) {
    kept.delete(text);
    kept.set(text, found);
    return found;
  }
  const name = `fs${++named}`;
  const messages = roundTrip(
    concat([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]),
  );
  const params = messages.find((m) => m.name === 'parameterDescription');
  const rows = messages.find((m) => m.name === 'rowDescription');
  const statement = {
    name,
    paramTypes: params ? params.dataTypeIDs : [],
    fields: rows ? rows.fields.map((f) => f.name) : [],
    types: rows ? rows.fields.map((f) => f.dataTypeID) : [],
  };
  kept.set(text, statement);
  if (kept.size > MAX_KEPT) {
    const [oldText, old] = kept.entries().next().value;
    kept.delete(oldText);
    roundTrip(concat([serialize.close({ type: 'S', name: old.name }), serialize.sync()]));
  }
  return statement;
}

function serializeParam(value, type) {
  if (value === null || value === undefined) return null;
  const serializer = pg.serializers[type];
  return serializer ? serializer(value) : value.toString();
}

/**
 * Runs one statement and answers with the backend's raw messages, which the server's thread
 * parses: that thread is mostly idle, this one is the bottleneck (structured-cloning parsed rows
 * cost it a tenth of its time). A statement's fields and types go along the first time only.
 */
function run(text, params) {
  let statement = prepare(text);
  const execute = () =>
    pg.execProtocolRawSync(
      concat([
        serialize.bind({
          statement: statement.name,
          values: params.map((v, i) => serializeParam(v, statement.paramTypes[i])),
        }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
  let bytes = execute();
  // A kept statement whose table changed shape since (a migration, a test's DDL): parse anew.
  if (errorIn(bytes)?.code === '0A000') {
    kept.delete(text);
    statement = prepare(text);
    bytes = execute();
  }
  const error = errorIn(bytes);
  if (error) throw error;
  const answer = { statement: statement.name, bytes };
  if (!statement.told) {
    statement.told = true;
    answer.fields = statement.fields;
    answer.types = statement.types;
  }
  return answer;
}

/** The error an answer carries, if any: a walk over its messages' type bytes (E: error). */
function errorIn(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let found = false;
  for (let at = 0; at + 5 <= bytes.length && !found; at += 1 + view.getInt32(at + 1))
    found = bytes[at] === 0x45;
  if (!found) return null;
  let error = null;
  new Parser().parse(bytes, (message) => {
    if (message.name === 'error') error ??= message;
  });
  return error;
}

function simple(text) {
  return roundTrip(serialize.query(text));
}

/** An error as plain fields, so the server sees the same code, detail and constraint. */
function errorFields(err) {
  if (err && typeof err === 'object') {
    const out = { message: String(err.message ?? err) };
    for (const key of [
      'code',
      'severity',
      'detail',
      'hint',
      'position',
      'where',
      'schema',
      'table',
      'column',
      'dataType',
      'constraint',
      'routine',
    ])
      if (err[key] !== undefined) out[key] = err[key];
    return out;
  }
  return { message: String(err) };
}

async function handle(op) {
  switch (op.kind) {
    case 'query':
      if (op.tx !== null && op.tx !== activeTx) throw new Error('Transaction is closed');
      return run(op.text, op.params);
    case 'begin':
      simple('BEGIN');
      activeTx = ++txCounter;
      return { tx: activeTx };
    case 'commit':
    case 'rollback': {
      if (op.tx !== activeTx) throw new Error('Transaction is closed');
      activeTx = null;
      const messages = simple(op.kind === 'commit' ? 'COMMIT' : 'ROLLBACK');
      const done = messages.find((m) => m.name === 'commandComplete');
      // COMMIT of a transaction that had failed answers ROLLBACK: nothing was written.
      if (op.kind === 'commit' && done?.text === 'ROLLBACK')
        throw Object.assign(new Error('The transaction was rolled back'), { code: '25P02' });
      return {};
    }
    case 'dump': {
      // Flushed to the data files, so a restore need not replay the WAL (it still could).
      simple('CHECKPOINT');
      const file = await pg.dumpDataDir('none');
      return { dump: await file.arrayBuffer() };
    }
    case 'close':
      await pg.close();
      return {};
    default:
      throw new Error(`unknown operation ${op.kind}`);
  }
}

/**
 * Work runs one at a time; while a transaction is open only its own statements run. The server
 * sends what its requests asked for in one message and gets the answers of a burst in one: a
 * message costs more than a primary-key read.
 */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      const replies = [];
      const transfer = [];
      // Capped, so the first answers of a long burst do not wait for the last.
      while (replies.length < BURST) {
        const at = waiting.findIndex(
          (op) => activeTx === null || op.tx === activeTx || op.kind === 'close',
        );
        if (at < 0) break;
        const [op] = waiting.splice(at, 1);
        try {
          const result = await handle(op);
          replies.push({ id: op.id, ...result });
          if (result.bytes) transfer.push(result.bytes.buffer);
          if (result.dump) transfer.push(result.dump);
        } catch (err) {
          replies.push({ id: op.id, error: errorFields(err) });
        }
      }
      if (replies.length === 0) break;
      // Acknowledged only once on disk (PGlite's own query() does the same after each statement).
      await pg.syncToFs();
      parentPort.postMessage(replies, transfer);
    }
  } finally {
    pumping = false;
  }
}

/** Every array type's element type, so the server's thread parses arrays as PGlite would. */
async function arrayTypes() {
  const { rows } = await pg.query(
    `select b.oid::int as elem, b.typarray::int as arr from pg_catalog.pg_type a
     join pg_catalog.pg_type b on b.oid = a.typelem where a.typcategory = 'A' group by b.oid, b.typarray`,
  );
  return rows.map((r) => [r.arr, r.elem]);
}

async function start() {
  const { dataDir, template, startParams, wasm } = workerData;
  // Extensions the migrations create must be loaded at every open (pglite/extensions.ts).
  const settings = { startParams, pgliteWasmModule: wasm, extensions: { pg_trgm } };
  // Options in one object: new PGlite(undefined, options) ignores the options.
  pg = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: new Blob([template]) } : {}),
    ...settings,
  });
  await pg.waitReady;
  const arrays = await arrayTypes();
  parentPort.on('message', (ops) => {
    waiting.push(...ops);
    void pump();
  });
  parentPort.postMessage({ ready: true, arrays });
}

start().catch((err) => parentPort.postMessage({ ready: false, error: errorFields(err) }));
