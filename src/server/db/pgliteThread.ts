import { Worker } from 'node:worker_threads';

/**
 * The server's side of the embedded database's thread (db/pgliteWorker.mjs says why it has one):
 * the part of PGlite's interface the server and drizzle use (query with its row mode and parsers,
 * transaction, dump, close), each call a message to the worker and its answer a message back.
 */

interface Answer {
  id?: number;
  ready?: boolean;
  error?: { message: string; code?: string } & Record<string, unknown>;
  fields?: string[];
  types?: number[];
  rows?: unknown[][];
  affected?: number;
  tx?: number;
  dump?: ArrayBuffer;
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

const workerFile = new URL('./pgliteWorker.mjs', import.meta.url);

/** An error with the database's fields (code, detail, constraint), as PGlite would throw it. */
function databaseError(fields: NonNullable<Answer['error']>): Error {
  return Object.assign(new Error(fields.message), fields);
}

export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private nextId = 0;
  private stopped: Error | null = null;
  private closing = false;

  private constructor(options: {
    dataDir?: string;
    template?: ArrayBuffer;
    startParams: string[];
  }) {
    this.worker = new Worker(workerFile, {
      workerData: options,
      transferList: options.template ? [options.template] : [],
    });
    this.worker.on('message', (answer: Answer) => {
      if (answer.id === undefined) return;
      const settle = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      settle?.(answer);
    });
    const stop = (cause: string) => {
      if (this.closing) return;
      // The server's requests fail as they do when PostgreSQL restarts (503, "try again"), and
      // what happened is on its log; a restart of the process opens the directory again.
      this.stopped = Object.assign(new Error(`The embedded database stopped: ${cause}`), {
        code: '57P01',
      });
      console.error(this.stopped.message);
      for (const settle of this.pending.values())
        settle({ error: { message: this.stopped.message, code: '57P01' } });
      this.pending.clear();
    };
    this.worker.on('error', (err: Error) => stop(err.message));
    this.worker.on('exit', (code) => stop(`its thread exited with code ${code}`));
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
    });
    const ready = await new Promise<Answer>((resolve, reject) => {
      const onMessage = (answer: Answer) => {
        if (answer.ready === undefined) return;
        thread.worker.off('message', onMessage);
        resolve(answer);
      };
      thread.worker.on('message', onMessage);
      thread.worker.once('exit', (code) =>
        reject(new Error(`The embedded database's thread exited with code ${code} while opening`)),
      );
    });
    if (!ready.ready) {
      thread.closing = true;
      await thread.worker.terminate();
      throw databaseError(ready.error ?? { message: 'The embedded database did not open' });
    }
    return thread;
  }

  private call(op: Record<string, unknown>): Promise<Answer> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (answer) =>
        answer.error ? reject(databaseError(answer.error)) : resolve(answer),
      );
      this.worker.postMessage({ tx: null, ...op, id });
    });
  }

  private async run(
    tx: number | null,
    text: string,
    params: unknown[] = [],
    options: QueryOptions = {},
  ): Promise<ThreadResults> {
    const own = options.parsers ?? {};
    const keep = Object.keys(own).map(Number);
    const answer = await this.call({ kind: 'query', tx, text, params, keep });
    const names = answer.fields ?? [];
    const types = answer.types ?? [];
    const raw = answer.rows ?? [];
    if (keep.length > 0)
      for (const row of raw)
        for (let i = 0; i < types.length; i++) {
          const parse = own[types[i]!];
          if (parse && row[i] !== null) row[i] = parse(row[i] as string, types[i]!);
        }
    const rows =
      options.rowMode === 'array'
        ? raw
        : raw.map((row) => {
            const out: Record<string, unknown> = {};
            for (let i = 0; i < names.length; i++) out[names[i]!] = row[i];
            return out;
          });
    return {
      rows,
      fields: names.map((name, i) => ({ name, dataTypeID: types[i]! })),
      affectedRows: answer.affected ?? 0,
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

  /** The whole database as a tarball (PGlite's dumpDataDir). */
  async dump(): Promise<Blob> {
    const { dump } = await this.call({ kind: 'dump' });
    return new Blob([dump!]);
  }

  async close(): Promise<void> {
    if (this.stopped) {
      this.closing = true;
      await this.worker.terminate();
      return;
    }
    await this.call({ kind: 'close' });
    this.closing = true;
    await this.worker.terminate();
  }
}
