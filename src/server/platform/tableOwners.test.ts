import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// DESIGN.md section 1a: a feature reads another feature's tables only through that feature's
// public.ts (a query fragment it exports), so an owner can change its tables knowing every
// reader. This scans the SQL text of every server file for a table another feature owns.
const SERVER = fileURLToPath(new URL('..', import.meta.url));

/** The owner of a file: features/<f>, features/games/<key>, or platform. */
function ownerOf(file: string): string | null {
  const m = file
    .split(path.sep)
    .join('/')
    .match(/^(features\/games\/[^/.]+|features\/[^/.]+|platform)\//);
  return m ? (m[1] ?? null) : null;
}

const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter((f) =>
  f.endsWith('.ts'),
);

function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files.filter((f) => f.endsWith('tables.ts'))) {
    const owner = ownerOf(file);
    if (!owner) continue;
    for (const m of readFileSync(path.join(SERVER, file), 'utf8').matchAll(
      /pgTable\(\s*'([a-z_0-9]+)'/g,
    ))
      owners.set(m[1] ?? '', owner);
  }
  return owners;
}

/** The tables of other owners that SQL text names (after from, join, update, into or table). */
function othersTablesIn(text: string, reader: string, owners: Map<string, string>): string[] {
  return [...owners]
    .filter(
      ([table, owner]) =>
        owner !== reader &&
        new RegExp(`\\b(from|join|update|into|table)\\s+${table}\\b`, 'i').test(text),
    )
    .map(([table]) => table);
}

/** Each file's reads of other owners' tables, as 'reader table' pairs. */
function crossings(owners: Map<string, string>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    // Tests and their builders set up state in any table; a public.ts is where the owner offers its SQL.
    if (/\.test\.ts$|\/builders\.ts$|\/testing\.ts$|^testing\/|\/public\.ts$|^db\//.test(file))
      continue;
    const reader = ownerOf(file);
    if (!reader) continue;
    for (const table of othersTablesIn(
      readFileSync(path.join(SERVER, file), 'utf8'),
      reader,
      owners,
    )) {
      const key = `${reader} ${table}`;
      found.set(key, [...(found.get(key) ?? []), file]);
    }
  }
  return found;
}

describe("tables are read through their owner's public.ts", () => {
  const owners = tableOwners();

  it('finds the tables and their owners', () => {
    expect(owners.get('ledger')).toBe('features/wallet');
    expect(owners.get('game_rounds')).toBe('features/games/engine');
    expect(owners.size).toBeGreaterThan(50);
  });

  it("sees a read of another owner's table, and not of its own or a look-alike name", () => {
    expect(
      othersTablesIn(
        'select 1 from parlays p join users u on u.id = p.user_id',
        'features/tasks',
        owners,
      ).sort(),
    ).toEqual(['parlays', 'users']);
    expect(othersTablesIn('select 1 from parlays', 'features/bets', owners)).toEqual([]);
    expect(
      othersTablesIn('select parlays_won from parlays_view', 'features/tasks', owners),
    ).toEqual([]);
  });

  it('finds no server file reading a table outside its owner', () => {
    const found = crossings(owners);
    const crossing = [...found].map(([key, where]) => `${key} (${where.join(', ')})`);
    expect(
      crossing,
      'a table read outside its owner: offer the read from the owner’s public.ts',
    ).toEqual([]);
  });
});
