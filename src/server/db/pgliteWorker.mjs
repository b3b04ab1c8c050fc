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

const { serialize, Parser } = protocol;
const INT8_OID = 20;
const MAX_KEPT = 1000;

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
 * Runs one statement; values are parsed here by PGlite's parsers except the types in `keep`,
 * which stay text for the caller's own parsers (drizzle keeps timestamps as strings).
 */
function run(text, params, keep) {
  let statement = prepare(text);
  const execute = () =>
    roundTrip(
      concat([
        serialize.bind({
          statement: statement.name,
          values: params.map((v, i) => serializeParam(v, statement.paramTypes[i])),
        }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
  let messages;
  try {
    messages = execute();
  } catch (err) {
    // A kept statement whose table changed shape since (a migration, a test's DDL): parse anew.
    if (err?.code !== '0A000') throw err;
    kept.delete(text);
    statement = prepare(text);
    messages = execute();
  }
  const parsers = statement.types.map((type) =>
    keep.includes(type) ? null : (pg.parsers[type] ?? null),
  );
  const rows = [];
  let affected = 0;
  for (const m of messages) {
    if (m.name === 'dataRow') {
      const row = new Array(m.fields.length);
      for (let i = 0; i < m.fields.length; i++) {
        const v = m.fields[i];
        const parse = parsers[i];
        row[i] = v === null ? null : parse ? parse(v, statement.types[i]) : v;
      }
      rows.push(row);
    } else if (m.name === 'commandComplete') {
      const n = Number(m.text.split(' ').pop());
      if (Number.isFinite(n)) affected = n;
    }
  }
  return { fields: statement.fields, types: statement.types, rows, affected };
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
    case 'query': {
      if (op.tx !== null && op.tx !== activeTx) throw new Error('Transaction is closed');
      const result = run(op.text, op.params, op.keep);
      if (op.tx === null) await pg.syncToFs();
      return result;
    }
    case 'begin':
      simple('BEGIN');
      activeTx = ++txCounter;
      return { tx: activeTx };
    case 'commit':
    case 'rollback': {
      if (op.tx !== activeTx) throw new Error('Transaction is closed');
      activeTx = null;
      const messages = simple(op.kind === 'commit' ? 'COMMIT' : 'ROLLBACK');
      await pg.syncToFs();
      const done = messages.find((m) => m.name === 'commandComplete');
      // COMMIT of a transaction that had failed answers ROLLBACK: nothing was written.
      if (op.kind === 'commit' && done?.text === 'ROLLBACK')
        throw Object.assign(new Error('The transaction was rolled back'), { code: '25P02' });
      return {};
    }
    case 'dump': {
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

/** Work runs one at a time; while a transaction is open only its own statements run. */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      const at = waiting.findIndex(
        (op) => activeTx === null || op.tx === activeTx || op.kind === 'close',
      );
      if (at < 0) break;
      const [op] = waiting.splice(at, 1);
      try {
        const result = await handle(op);
        parentPort.postMessage({ id: op.id, ...result }, result.dump ? [result.dump] : []);
      } catch (err) {
        parentPort.postMessage({ id: op.id, error: errorFields(err) });
      }
    }
  } finally {
    pumping = false;
  }
}

async function start() {
  const { dataDir, template, startParams } = workerData;
  const settings = { parsers: { [INT8_OID]: (v) => Number(v) }, startParams };
  pg = template
    ? new PGlite({ loadDataDir: new Blob([template]), ...settings })
    : new PGlite(dataDir, settings);
  await pg.waitReady;
  parentPort.on('message', (op) => {
    waiting.push(op);
    void pump();
  });
  parentPort.postMessage({ ready: true });
}

start().catch((err) => parentPort.postMessage({ ready: false, error: errorFields(err) }));
