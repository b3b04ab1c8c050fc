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
  const m = file.split(path.sep).join('/').match(/^(features\/games\/[^/.]+|features\/[^/.]+|platform)\//);
  return m ? (m[1] ?? null) : null;
}

const files = readdirSync(SERVER, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));

function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files.filter((f) => f.endsWith('tables.ts'))) {
    const owner = ownerOf(file);
    if (!owner) continue;
    for (const m of readFileSync(path.join(SERVER, file), 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)) owners.set(m[1] ?? '', owner);
  }
  return owners;
}

/** Each file's reads of other owners' tables, as 'reader table' pairs. */
function crossings(owners: Map<string, string>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    // Tests and their builders set up state in any table; a public.ts is where the owner offers its SQL.
    if (/\.test\.ts$|\/builders\.ts$|\/testing\.ts$|^testing\/|\/public\.ts$|^db\//.test(file)) continue;
    const reader = ownerOf(file);
    if (!reader) continue;
    const text = readFileSync(path.join(SERVER, file), 'utf8');
    for (const [table, owner] of owners) {
      if (owner === reader) continue;
      if (!new RegExp(`\\b(from|join|update|into|table)\\s+${table}\\b`, 'i').test(text)) continue;
      const key = `${reader} ${table}`;
      found.set(key, [...(found.get(key) ?? []), file]);
    }
  }
  return found;
}

/**
 * The reads of another feature's table that main still has (issue 35 measured 27 pairs of
 * features; counted by table, these). Each is debt: move the read behind the owner's public.ts
 * and delete its line here. A new crossing fails the test, and so does a line no longer needed.
 */
const KNOWN = new Set([
  'features/audit users',
  'features/achievements users',
  'features/admin users',
  'features/bets users',
  'features/games/clickFrenzy users',
  'features/games/engine users',
  'features/games/minefield users',
  'features/games/puzzleRush users',
  'features/games/quizDuel users',
  'features/games/rps users',
  'features/games/spinner users',
  'features/games/virtualPet users',
  'features/leaderboard users',
  'features/services users',
  'features/store users',
  'features/tasks users',
  'features/trades users',
  'features/wallet users',
  'platform users',
]);

describe("tables are read through their owner's public.ts", () => {
  const owners = tableOwners();

  it('finds the tables and their owners', () => {
    expect(owners.get('ledger')).toBe('features/wallet');
    expect(owners.get('game_rounds')).toBe('features/games/engine');
    expect(owners.size).toBeGreaterThan(50);
  });

  it('has no new crossing, and no crossing listed that is gone', () => {
    const found = crossings(owners);
    const fresh = [...found].filter(([key]) => !KNOWN.has(key)).map(([key, where]) => `${key} (${where.join(', ')})`);
    expect(fresh, 'a table read outside its owner: offer the read from the owner’s public.ts').toEqual([]);
    expect([...KNOWN].filter((key) => !found.has(key)), 'crossings that are gone: delete their lines from KNOWN').toEqual([]);
  });
});
