import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../shared/games/index';

/*
 * DESIGN.md section 1a: a new game is its three folders, its line in GAMES, its line in the
 * server's modules.ts and a migration. So no other source file names a game: this scans the
 * code of every file under src (identifiers, string literals and template text; comments,
 * JSX text and Markdown are prose and not scanned) for a game's key and fails on one found
 * outside its places. Tests of a shared part (the fairness engine's tests exercising the
 * spinner, say) are not a game's places and may name games; the production code may not.
 *
 * KNOWN lists what main still has, by file and key, with the reason each is left: a new
 * mention fails, and so does a listed one that is gone (take it off the list).
 */
const ENGINE_WHY =
  'the fairness engine predates GAMES: its RTP table, item values and boosted rewards name the round games they cover (spinner wheels, slots, Minefield); a game that adds no such item or RTP row does not touch it';
const MINEFIELD_ITEMS_WHY =
  "Minefield's two item effects (extra safe click, fewer mines) are items' effect types, and the one-statement start asks whether a player holds one; moving them needs item effects declared per game";
const KNOWN: Record<string, { keys: string[]; why: string }> = {
  'src/shared/games/engine/catalog.ts': { keys: ['spinner'], why: ENGINE_WHY },
  'src/shared/games/engine/itemValue.ts': { keys: ['casino', 'minefield'], why: ENGINE_WHY },
  'src/shared/games/engine/items.ts': { keys: ['spinner', 'casino'], why: ENGINE_WHY },
  'src/shared/games/engine/rtp.ts': { keys: ['spinner', 'casino'], why: ENGINE_WHY },
  'src/server/features/games/engine/oneStatement.ts': {
    keys: ['minefield'],
    why: MINEFIELD_ITEMS_WHY,
  },
  'src/server/features/games/engine/tables.ts': {
    keys: ['minefield'],
    why: "game_rounds allows one open Minefield board per player (a partial unique index on the engine's table)",
  },
  'src/server/features/items/buffs.ts': { keys: ['minefield'], why: MINEFIELD_ITEMS_WHY },
  'src/server/features/items/public.ts': { keys: ['minefield'], why: MINEFIELD_ITEMS_WHY },
};

const keys = GAMES.map((g) => g.key);
const placesOf = (key: string) => [
  `src/shared/games/${key}/`,
  `src/server/features/games/${key}/`,
  `src/client/features/games/${key}/`,
];
const EVERY_GAME = [
  'src/shared/games/index.ts',
  'src/server/modules.ts',
  'src/server/db/migrations/',
];
const isTest = (file: string) => /\.test\.tsx?$|\/testing\.ts$|\/builders\.ts$/.test(file);

/** A key as a word of an identifier or text: `quizDuelModule` names quizDuel, `spinners` does not name spinner. */
const mentionOf = (key: string) => new RegExp(`(?<![A-Za-z0-9_])${key}(?![a-z0-9])`);

/** The code's own words: identifiers, string literals and template text, without comments or JSX text. */
function codeWords(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const words: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) words.push(node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) words.push(node.text);
    else if (ts.isJsxText(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return words;
}

function mentionsOutsidePlaces(): Record<string, string[]> {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src'], {
    encoding: 'utf8',
  })
    .split('\n')
    .filter(
      (f) =>
        /\.(ts|tsx|mts)$/.test(f) &&
        !f.endsWith('.d.ts') &&
        !isTest(f) &&
        !EVERY_GAME.some((p) => f.startsWith(p)),
    );
  const found: Record<string, string[]> = {};
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // deleted in the work tree
    }
    const candidates = keys.filter(
      (k) => text.includes(k) && !placesOf(k).some((p) => file.startsWith(p)),
    );
    if (candidates.length === 0) continue;
    const words = codeWords(file, text);
    const named = candidates.filter((k) => words.some((w) => mentionOf(k).test(w)));
    if (named.length > 0) found[file] = named;
  }
  return found;
}

describe('game keys stay in their places', () => {
  it('finds no game key in code outside its three folders, GAMES, modules.ts and the migrations (KNOWN aside)', () => {
    const found = mentionsOutsidePlaces();
    const unknown = Object.entries(found).flatMap(([file, named]) =>
      named.filter((k) => !KNOWN[file]?.keys.includes(k)).map((k) => `${file} names ${k}`),
    );
    expect(unknown).toEqual([]);
    const gone = Object.entries(KNOWN).flatMap(([file, { keys: listed }]) =>
      listed
        .filter((k) => !found[file]?.includes(k))
        .map((k) => `${file} no longer names ${k}: take it off KNOWN`),
    );
    expect(gone).toEqual([]);
  });

  it('sees a key in an identifier or a string, not in a comment or JSX text', () => {
    const words = codeWords(
      'x.tsx',
      "// quizDuel\nconst quizDuelModule = 'mysteryBox.drop';\nconst p = <p>casino</p>;\n",
    );
    expect(words.filter((w) => keys.some((k) => mentionOf(k).test(w)))).toEqual([
      'quizDuelModule',
      'mysteryBox.drop',
    ]);
  });
});
