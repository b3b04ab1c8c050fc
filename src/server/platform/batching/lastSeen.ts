/**
 * What this process last saw of some rows, per database (tests run several), bounded (the
 * oldest entry goes first). Only a guess that saves a read: whoever uses it must write with a
 * statement that checks the row is still as seen, and read again when it is not.
 */
export function lastSeen<K, V>(max: number): (db: object) => LastSeen<K, V> {
  const byDb = new WeakMap<object, LastSeen<K, V>>();
  return (db) => {
    let seen = byDb.get(db);
    if (!seen) byDb.set(db, (seen = new LastSeen<K, V>(max)));
    return seen;
  };
}

export class LastSeen<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly max: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Remembers `value` as the newest entry; null forgets the key. */
  set(key: K, value: V | null): void {
    this.entries.delete(key);
    if (value === null) return;
    if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }
}
