import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { protocol, types } from '@electric-sql/pglite';

/**
 * The server's side of the embedded database's thread (db/pgliteWorker.mjs says why it has one):
 * the part of PGlite's interface the server and drizzle use (query with its row mode and parsers,
 * transaction, dump, close). The statements a turn of the event loop asks for go as one message;
 * answers come back as the backend's raw bytes, parsed here, where there is time to spare.
 */

interface Answer {
  id?: number;
  ready?: boolean;
  arrays?: [number, number][];
  error?: { message: string; code?: string } & Record<string, unknown>;
  statement?: string;
  bytes?: Uint8Array;
  fields?: string[];
  types?: number[];
  tx?: number;
  dump?: ArrayBuffer;
}

interface StatementShape {
  fields: string[];
  types: number[];
}

type Parsers = Record<number, (value: string, type: number) => unknown>;

export interface QueryOptions {
  rowMode?: 'object' | 'array';
  parsers?: Parsers;
}

export interface ThreadResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

interface ThreadTx {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

const INT8_OID = 20;
const workerFile = new URL('./pgliteWorker.mjs', import.meta.url);

/**
 * PostgreSQL's WebAssembly, compiled once per process and handed to each thread: compiled in every
 * new thread it cost each open ~0.8 s (a test run opens a database per file).
 */
let compiled: Promise<WebAssembly.Module> | undefined;
const wasmModule = () =>
  (compiled ??= readFile(
    createRequire(import.meta.url).resolve('@electric-sql/pglite/pglite.wasm'),
  ).then((bytes) => WebAssembly.compile(bytes)));

/** An error with the database's fields (code, detail, constraint), as PGlite would throw it. */
function databaseError(fields: NonNullable<Answer['error']>): Error {
  return Object.assign(new Error(fields.message), fields);
}

interface ThreadOptions {
  dataDir?: string;
  /** Handed to the first thread only: a directory opened again already holds it. */
  template?: ArrayBuffer;
  startParams: string[];
  wasm: WebAssembly.Module;
}

export class PgliteThread {
  private worker!: Worker;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private nextId = 0;
  /** What this turn of the event loop asked for, sent as one message when it ends. */
  private outbox: Record<string, unknown>[] = [];
  /** Each kept statement's fields and types, which the worker tells on its first run. */
  private readonly shapes = new Map<string, StatementShape>();
  /** PGlite's parsers, int8 as a number (as on PostgreSQL here) and every array type added. */
  private readonly parsers: Parsers = { ...(types.parsers as Parsers) };
  private stopped: string | null = null;
  private closing = false;
  /** Settles when a thread that stopped is open again (tests wait for it). */
  reopened: Promise<void> = Promise.resolve();

  private constructor(private options: ThreadOptions) {}

  /** Starts a thread on the database; its first message says whether the database opened. */
  private spawn(): Promise<Answer> {
    const { template, ...rest } = this.options;
    this.options.template = undefined;
    const worker = new Worker(workerFile, {
      workerData: { ...rest, template },
      transferList: template ? [template] : [],
    });
    this.worker = worker;
    const ready = new Promise<Answer>((resolve, reject) => {
      worker.on('message', (answers: Answer | Answer[]) => {
        if (!Array.isArray(answers)) return resolve(answers);
        for (const answer of answers) {
          const settle = this.pending.get(answer.id!);
          this.pending.delete(answer.id!);
          settle?.(answer);
        }
      });
      worker.once('exit', (code: number) =>
        reject(new Error(`The embedded database's thread exited with code ${code} while opening`)),
      );
    });
    const lost = (cause: string) => {
      if (this.closing || worker !== this.worker || this.stopped) return;
      // The requests in flight fail as they do while PostgreSQL restarts (503, "try again"), the
      // log says what happened, and a database on disk is opened again in a new thread: what
      // was acknowledged is on disk, and this process still holds the directory's lock.
      this.stopped = `The embedded database stopped: ${cause}`;
      console.error(this.options.dataDir ? `${this.stopped}; opening it again` : this.stopped);
      for (const settle of this.pending.values()) settle({ error: this.stoppedError() });
      this.pending.clear();
      if (this.options.dataDir) this.reopened = this.reopen();
    };
    worker.on('error', (err: Error) => lost(err.message));
    worker.on('exit', (code: number) => lost(`its thread exited with code ${code}`));
    return ready;
  }

  /** spawn(), and a thread whose database did not open ended with the database's error. */
  private async start(): Promise<Answer> {
    const ready = await this.spawn();
    if (ready.ready) return ready;
    const worker = this.worker;
    this.stopped ??= 'The embedded database did not open';
    await worker.terminate();
    throw databaseError(ready.error ?? { message: 'The embedded database did not open' });
  }

  private async reopen(): Promise<void> {
    for (let attempt = 0; !this.closing; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(5000, 100 * 2 ** attempt)));
      try {
        await this.start();
        if (this.closing) {
          await this.worker.terminate();
          return;
        }
        // The new thread names its statements anew.
        this.shapes.clear();
        this.stopped = null;
        console.error('The embedded database is open again');
        return;
      } catch (err) {
        console.error(
          `The embedded database did not open again (${(err as Error).message}); trying again`,
        );
      }
    }
  }

  /** Tests: the thread dies as a crash inside PostgreSQL would end it. */
  async crashForTests(): Promise<void> {
    await this.worker.terminate();
  }

  /** Starts the thread and opens the database in it (from `template`, a dump, when given). */
  static async open(options: {
    dataDir?: string;
    template?: Blob;
    startParams: string[];
  }): Promise<PgliteThread> {
    const thread = new PgliteThread({
      dataDir: options.dataDir,
      template: options.template ? await options.template.arrayBuffer() : undefined,
      startParams: options.startParams,
      wasm: await wasmModule(),
    });
    const ready = await thread.start().catch((err: unknown) => {
      thread.closing = true;
      throw err;
    });
    const parsers = thread.parsers;
    parsers[INT8_OID] = (value) => Number(value);
    for (const [array, element] of ready.arrays ?? [])
      parsers[array] = (value) =>
        types.arrayParser(value, (v: string) => parsers[element]?.(v, element) ?? v, array);
    return thread;
  }

  private stoppedError() {
    return { message: this.stopped ?? 'The embedded database stopped', code: '57P01' };
  }

  private call(op: Record<string, unknown>): Promise<Answer> {
    if (this.stopped) return Promise.reject(databaseError(this.stoppedError()));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (answer) =>
        answer.error ? reject(databaseError(answer.error)) : resolve(answer),
      );
      if (this.outbox.length === 0) queueMicrotask(() => this.flush());
      this.outbox.push({ tx: null, ...op, id });
    });
  }

  private flush(): void {
    const ops = this.outbox;
    this.outbox = [];
    if (this.stopped) {
      for (const op of ops) this.pending.get(op.id as number)?.({ error: this.stoppedError() });
      return;
    }
    this.worker.postMessage(ops);
  }

  private async run(
    tx: number | null,
    text: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<ThreadResults> {
    const answer = await this.call({ kind: 'query', tx, text, params });
    if (answer.fields)
      this.shapes.set(answer.statement!, { fields: answer.fields, types: answer.types! });
    const shape = this.shapes.get(answer.statement!)!;
    const own = options.parsers ?? {};
    const parse = shape.types.map((type) => own[type] ?? this.parsers[type]);
    const arrayMode = options.rowMode === 'array';
    const rows: unknown[] = [];
    let affectedRows = 0;
    new protocol.Parser().parse(answer.bytes!, (message) => {
      if (message instanceof protocol.messages.DataRowMessage) {
        const values = message.fields.map((v, i) =>
          v === null ? null : parse[i] ? parse[i](v, shape.types[i]!) : v,
        );
        if (arrayMode) rows.push(values);
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < shape.fields.length; i++) row[shape.fields[i]!] = values[i];
          rows.push(row);
        }
      } else if (message instanceof protocol.messages.CommandCompleteMessage) {
        const n = Number(message.text.split(' ').pop());
        if (Number.isFinite(n)) affectedRows = n;
      }
    });
    return {
      rows,
      fields: shape.fields.map((name, i) => ({ name, dataTypeID: shape.types[i]! })),
      affectedRows,
    };
  }

  query(text: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults> {
    return this.run(null, text, params, options);
  }

  /** fn's statements in one transaction, which no other statement interleaves with. */
  async transaction<T>(fn: (tx: ThreadTx) => Promise<T>): Promise<T> {
    const { tx } = await this.call({ kind: 'begin' });
    let closed = false;
    const end = async (kind: 'commit' | 'rollback') => {
      closed = true;
      await this.call({ kind, tx });
    };
    const handle: ThreadTx = {
      query: (text, params, options) => {
        if (closed) return Promise.reject(new Error('Transaction is closed'));
        return this.run(tx!, text, params, options);
      },
      rollback: () => end('rollback'),
      get closed() {
        return closed;
      },
    };
    try {
      const result = await fn(handle);
      if (!closed) await end('commit');
      return result;
    } catch (err) {
      if (!closed) await end('rollback').catch(() => undefined);
      throw err;
    }
  }

  /** Statements and transaction steps sent to the thread and not answered yet. */
  get waiting(): number {
    return this.pending.size;
  }

  /**
   * The whole database as a tarball (PGlite's dumpDataDir), after a checkpoint: the thread runs
   * it between transactions, so it holds exactly the transactions committed before it.
   */
  async dump(): Promise<Blob> {
    const { dump } = await this.call({ kind: 'dump' });
    return new Blob([dump!]);
  }

  async close(): Promise<void> {
    if (!this.stopped) await this.call({ kind: 'close' });
    this.closing = true;
    await this.worker.terminate();
  }
}
