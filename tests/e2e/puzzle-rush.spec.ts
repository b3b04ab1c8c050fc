import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dailyPuzzles, utcDate } from '../../src/server/features/games/puzzleRush/service';
import { balanceOf, type TestUser } from '../../src/server/testing/harness';
import {
  applySwap,
  areAdjacent,
  initialMatch3State,
  isValidSwap,
  SLIDING_SOLVED,
  slideTile,
  validSwaps,
  type DailyPuzzle,
  type PuzzleType,
} from '../../src/shared/games/puzzleRush/puzzles';
import { seriousAxeFindings } from './support/axe';
import { horizontalFit, openDocument, textWithEmoji } from './support/helpers';
import { signInAs, startWorld, type World } from './support/world';
import { GamesHubPage } from './pages/GamesPages';
import { PuzzleRushPage } from './pages/PuzzleRushPage';
import { LeaderboardPage } from './pages/TasksPage';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

type Of<T extends PuzzleType> = Extract<DailyPuzzle, { type: T }>;

/**
 * Today's puzzles with their secrets, through the server's own seed hook (the world's server
 * runs in this process): never from what the browser is sent.
 */
async function secrets(): Promise<{ [T in PuzzleType]: Of<T> }> {
  const puzzles = await dailyPuzzles(world.server.deps, utcDate(world.server.deps.clock.now()));
  const byType = (type: PuzzleType) => {
    const found = puzzles.find((p) => p.type === type);
    if (!found) throw new Error(`no ${type} puzzle today`);
    return found;
  };
  return {
    sliding: byType('sliding') as Of<'sliding'>,
    memory: byType('memory') as Of<'memory'>,
    'match-3': byType('match-3') as Of<'match-3'>,
    'logic-grid': byType('logic-grid') as Of<'logic-grid'>,
    'n-queens': byType('n-queens') as Of<'n-queens'>,
  };
}

/** Shortest list of tiles to slide (breadth-first: a 3x3 board has 181,440 reachable states). */
function solveSliding(start: readonly number[]): number[] {
  const goal = SLIDING_SOLVED.join(',');
  const seen = new Map<string, { prev: string; tile: number } | null>([[start.join(','), null]]);
  let frontier: number[][] = [[...start]];
  while (frontier.length > 0) {
    const next: number[][] = [];
    for (const board of frontier) {
      const key = board.join(',');
      if (key === goal) {
        const tiles: number[] = [];
        for (let at = key, step = seen.get(at); step; at = step.prev, step = seen.get(at))
          tiles.unshift(step.tile);
        return tiles;
      }
      for (const tile of board) {
        const moved = tile === 0 ? null : slideTile(board, tile);
        if (!moved || seen.has(moved.join(','))) continue;
        seen.set(moved.join(','), { prev: key, tile });
        next.push(moved);
      }
    }
    frontier = next;
  }
  throw new Error('unsolvable sliding board');
}

async function openAs(
  user: TestUser,
  options?: Parameters<World['newPage']>[0],
): Promise<{ page: Page; rush: PuzzleRushPage }> {
  const page = await world.newPage(options);
  await signInAs(page, world.server, user);
  const rush = new PuzzleRushPage(page);
  return { page, rush };
}

describe('puzzle rush page', () => {
  it('solves each of the five puzzles through the UI; solved ones say Solved already, also after a reload', async () => {
    const user = await world.user();
    const s = await secrets();
    const { page, rush } = await openAs(user);
    // Match-3's cascades play instantly with reduced motion; the rules are the same.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await rush.open();
    expect(await rush.order()).toEqual([
      'puzzle-sliding',
      'puzzle-memory',
      'puzzle-match-3',
      'puzzle-logic-grid',
      'puzzle-n-queens',
    ]);
    await expect.poll(() => rush.solvedToday.innerText()).toBe('0 / 5');
    expect(await rush.wins.innerText()).toBe('0');
    expect(await rush.reward.innerText()).toContain('100');
    expect(await rush.resetCountdown.innerText()).toMatch(/^\d\d:\d\d:\d\d$/);

    // Sliding: a shortest solution, tile by tile; the last slide submits.
    const slides = solveSliding(s.sliding.question.board);
    expect(slides.length).toBeGreaterThan(0);
    for (const tile of slides) await rush.slidingTile(tile).click();
    await rush.solvedAlready('sliding').waitFor();
    await expect.poll(() => rush.solvedToday.innerText()).toBe('1 / 5');

    // Memory: the pairs from the secret faces; each face is fetched as its card turns.
    const faces = s.memory.secret.faces;
    const done = new Set<number>();
    for (let i = 0; i < faces.length; i++) {
      if (done.has(i)) continue;
      const j = faces.findIndex((f, k) => k !== i && f === faces[i]);
      await rush.memoryCard(i).click();
      await expect.poll(() => rush.memoryCard(i).getAttribute('data-face')).toBe(faces[i]);
      done.add(i).add(j);
      if (done.size === faces.length) {
        await rush.memoryCard(j).click();
        break;
      }
      await rush.memoryCard(j).click();
      await expect.poll(() => rush.memoryCard(j).getAttribute('aria-label')).toMatch(/, matched$/);
    }
    await rush.solvedAlready('memory').waitFor();
    await expect.poll(() => rush.solvedToday.innerText()).toBe('2 / 5');

    // Match-3: the browser must show the board the shared rules compute, swap after swap.
    let state = initialMatch3State(s['match-3'].question);
    expect(await rush.match3Grid()).toEqual(state.grid);
    // A swap that makes no line is refused: the count stays and the note says why.
    const grid = state.grid;
    const bad = [...Array(25).keys()].flatMap((a) =>
      [a + 1, a + 5]
        .filter((b) => areAdjacent(a, b) && grid[a] !== grid[b] && !isValidSwap(grid, a, b))
        .map((b) => [a, b] as const),
    )[0];
    expect(bad).toBeDefined();
    await rush.match3Cell(bad![0]).click();
    await rush.match3Cell(bad![1]).click();
    await expect
      .poll(() => rush.match3Note().innerText())
      .toBe('That swap does not make a line of 3.');
    expect(await rush.match3Count().innerText()).toBe('0 / 20');
    // Reduced motion: the refused cells are marked, without the shake.
    expect(await rush.match3Cell(bad![0]).getAttribute('class')).not.toContain('animate-shake');
    let reloaded = false;
    while (state.matches < 20) {
      const [a, b] = validSwaps(state.grid, 1)[0]!;
      await rush.match3Cell(a).click();
      await rush.match3Cell(b).click();
      const result = applySwap(state, a, b);
      if (!result.ok) throw new Error(result.reason);
      state = result.state;
      if (state.matches >= 20) break;
      await expect.poll(() => rush.match3Count().innerText()).toBe(`${state.matches} / 20`);
      expect(await rush.match3Grid()).toEqual(state.grid);
      // Progress lives in local storage: a reload mid-game carries on from the same board.
      if (!reloaded && state.matches >= 5) {
        reloaded = true;
        await rush.open();
        await expect.poll(() => rush.match3Count().innerText()).toBe(`${state.matches} / 20`);
        expect(await rush.match3Grid()).toEqual(state.grid);
        expect(await rush.solvedAlready('sliding').count()).toBe(1);
      }
    }
    expect(reloaded).toBe(true);
    await rush.solvedAlready('match-3').waitFor();
    await expect.poll(() => rush.solvedToday.innerText()).toBe('3 / 5');

    // Logic grid: every table filled from the secret, then Submit.
    expect(await rush.submit('logic-grid').isDisabled()).toBe(true);
    for (const [category, table] of Object.entries(s['logic-grid'].secret))
      for (const [person, item] of Object.entries(table))
        await rush.logicSelect(category, person).selectOption(item);
    await rush.submit('logic-grid').click();
    await rush.solvedAlready('logic-grid').waitFor();
    await expect.poll(() => rush.solvedToday.innerText()).toBe('4 / 5');

    // Queens: the givens are on the board already and stay; place the rest.
    const { initial } = s['n-queens'].question;
    for (const [r, c] of initial) {
      expect(await rush.queenCell(r, c).getAttribute('data-queen')).toBe('given');
      // Locked (aria-disabled): a click anyway must not remove it.
      await rush.queenCell(r, c).click({ force: true });
      expect(await rush.queenCell(r, c).getAttribute('data-queen')).toBe('given');
    }
    for (const [r, c] of s['n-queens'].secret.positions)
      if (!initial.some(([gr, gc]) => gr === r && gc === c)) await rush.queenCell(r, c).click();
    await rush.submit('n-queens').click();
    await rush.solvedAlready('n-queens').waitFor();
    await expect.poll(() => rush.solvedToday.innerText()).toBe('5 / 5');
    await expect.poll(() => rush.wins.innerText()).toBe('5');
    expect(await balanceOf(world.server, user.id)).toBe(1000 + 5 * 100);

    await page.reload();
    await rush.heading.waitFor();
    for (const type of ['sliding', 'memory', 'match-3', 'logic-grid', 'n-queens'] as const)
      await rush.solvedAlready(type).waitFor();
    await expect.poll(() => rush.solvedToday.innerText()).toBe('5 / 5');

    // The leaderboard's Puzzle Rush table lists the player with five solves.
    const board = new LeaderboardPage(page);
    await board.open();
    const row = page
      .getByRole('table', { name: 'Puzzle Rush' })
      .getByRole('row')
      .filter({ hasText: user.username });
    await row.waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(
      new RegExp(`${user.username}.*\\b5$`),
    );
  });

  it("answers wrong queens with '❌ Not valid.' and locks the puzzle for 2 s, then lets the player try again", async () => {
    const user = await world.user();
    const s = await secrets();
    const { page, rush } = await openAs(user);
    await page.clock.install();
    await rush.open();
    const { initial } = s['n-queens'].question;
    const givenRows = new Set(initial.map(([r]) => r));
    // Eight queens, but every row without a given one column off the solution: the solution is unique, so this is wrong.
    for (const [r, c] of s['n-queens'].secret.positions)
      if (!givenRows.has(r)) await rush.queenCell(r, (c + 1) % 8).click();
    await expect
      .poll(() => rush.tile('n-queens').getByTestId('queens-count').innerText())
      .toBe('Queens: 8 / 8');
    // The answer is held on its way: meanwhile the puzzle counts as solved, here and in storage.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/games/puzzle-rush', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    await rush.submit('n-queens').click();
    await rush.solvedAlready('n-queens').waitFor();
    expect(await rush.solvedToday.innerText()).toBe('1 / 5');
    const storageKey = `puzzle-rush:solved:${s['n-queens'].id.slice(0, 10)}`;
    expect(await page.evaluate((k) => localStorage.getItem(k), storageKey)).toBe(
      JSON.stringify([s['n-queens'].id]),
    );
    // Stop the page's clock before the refusal arrives, so the lock starts and is read at one
    // instant however slow the host (pausing after it, CI once read 1 s left). 400 ms ahead:
    // pausing in the past is refused ('Cannot fast-forward to the past').
    const at = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(at + 400);
    release();

    await expect.poll(() => textWithEmoji(rush.status('n-queens'))).toBe('❌ Not valid.');
    await rush.lock('n-queens').waitFor();
    expect(await rush.lock('n-queens').innerText()).toBe('Locked: try again in 2 s');
    expect(await rush.submit('n-queens').isDisabled()).toBe(true);
    // The rejected solve is rolled back: the board is back, nothing counts as solved.
    expect(await rush.solvedAlready('n-queens').count()).toBe(0);
    expect(await rush.solvedToday.innerText()).toBe('0 / 5');
    expect(await rush.tile('n-queens').getByTestId('queens-count').innerText()).toBe(
      'Queens: 8 / 8',
    );
    expect(await page.getByTestId('puzzle-detail-n-queens').innerText()).toMatch(/^Incorrect: /);
    expect(await page.evaluate((k) => localStorage.getItem(k), storageKey)).toBe('[]');

    await page.clock.runFor(1000);
    await expect.poll(() => rush.lock('n-queens').innerText()).toBe('Locked: try again in 1 s');
    expect(await rush.submit('n-queens').isDisabled()).toBe(true);
    await page.clock.runFor(1000);
    await expect.poll(() => rush.lock('n-queens').count()).toBe(0);
    expect(await rush.submit('n-queens').isDisabled()).toBe(false);
    expect(await balanceOf(world.server, user.id)).toBe(1000);
  });

  it('plays by keyboard and by drag, shakes a refused swap, turns unmatched cards back after 1 s; no serious axe finding', async () => {
    const user = await world.user();
    const s = await secrets();
    const { page, rush } = await openAs(user, { bypassCSP: true });
    await page.clock.install();
    await rush.open();
    expect(await seriousAxeFindings(page)).toEqual([]);

    // Sliding by arrow key: ArrowUp slides the tile below the gap up into it (or the one above down).
    const board = s.sliding.question.board;
    const gap = board.indexOf(0);
    const [key, from] = gap < 6 ? ['ArrowUp', gap + 3] : ['ArrowDown', gap - 3];
    const tile = board[from]!;
    await rush.slidingTile(tile).focus();
    await page.keyboard.press(key);
    await expect.poll(() => rush.slidingTile(tile).getAttribute('data-index')).toBe(String(gap));
    expect(await page.getByTestId('sliding-moves').innerText()).toBe('Moves: 1');

    // Match-3 with motion: a refused swap shakes.
    let state = initialMatch3State(s['match-3'].question);
    const grid = state.grid;
    const bad = [...Array(25).keys()].flatMap((a) =>
      [a + 1, a + 5]
        .filter((b) => areAdjacent(a, b) && grid[a] !== grid[b] && !isValidSwap(grid, a, b))
        .map((b) => [a, b] as const),
    )[0]!;
    await rush.match3Cell(bad[0]).click();
    await rush.match3Cell(bad[1]).click();
    await expect
      .poll(() => rush.match3Cell(bad[1]).getAttribute('class'))
      .toContain('animate-shake');
    expect(await rush.match3Count().innerText()).toBe('0 / 20');

    const settled = async () => {
      await expect
        .poll(() => page.getByTestId('match3-board').getAttribute('data-busy'))
        .toBe('false');
      await expect.poll(() => rush.match3Count().innerText()).toBe(`${state.matches} / 20`);
      expect(await rush.match3Grid()).toEqual(state.grid);
    };
    const play = (a: number, b: number) => {
      const result = applySwap(state, a, b);
      if (!result.ok) throw new Error(result.reason);
      state = result.state;
    };
    // By keyboard: Enter picks a cell, an arrow key moves to its neighbour, Enter swaps.
    const [ka, kb] = validSwaps(state.grid, 1)[0]!;
    await rush.match3Cell(ka).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press(kb === ka + 1 ? 'ArrowRight' : 'ArrowDown');
    await page.keyboard.press('Enter');
    play(ka, kb);
    await settled();
    // By drag: press on one cell, release on its neighbour.
    const [da, db] = validSwaps(state.grid, 1)[0]!;
    const box = async (i: number) => {
      const b = await rush.match3Cell(i).boundingBox();
      if (!b) throw new Error(`cell ${i} has no box`);
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    const [start, end] = [await box(da), await box(db)];
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(end.x, end.y, { steps: 4 });
    await page.mouse.up();
    play(da, db);
    await settled();

    // Memory: two different cards show, then turn back after 1 s on the page's clock.
    const faces = s.memory.secret.faces;
    const other = faces.findIndex((f) => f !== faces[0]);
    await rush.memoryCard(0).click();
    await expect.poll(() => rush.memoryCard(0).getAttribute('data-face')).toBe(faces[0]);
    await rush.memoryCard(other).click();
    await expect.poll(() => rush.memoryCard(other).getAttribute('data-face')).toBe(faces[other]);
    // 400 ms ahead, as for the queens lock above.
    const at = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(at + 400);
    expect(await rush.memoryCard(0).getAttribute('data-face')).toBe(faces[0]);
    await page.clock.runFor(1000);
    await expect.poll(() => rush.memoryCard(0).getAttribute('data-face')).toBeNull();
    expect(await rush.memoryCard(other).getAttribute('data-face')).toBeNull();
    expect(await page.getByTestId('memory-pairs').innerText()).toBe('Pairs found: 0 / 8');
  });

  it("says '❌ Server error' for queens and 'Incorrect' for others when the server gives no message; load errors can be retried; old days are dropped", async () => {
    const user = await world.user();
    const s = await secrets();
    const { page, rush } = await openAs(user);
    // Yesterday's record, left in storage: a new day starts clean. Today's record naming a solve
    // the server never accepted (a page closed with the answer on its way) does not hide the puzzle.
    const today = s.sliding.id.slice(0, 10);
    await page.evaluate(
      ([id]) => {
        localStorage.setItem(
          'puzzle-rush:solved:2000-01-01',
          JSON.stringify(['2000-01-01:sliding']),
        );
        localStorage.setItem(`puzzle-rush:solved:${id!.slice(0, 10)}`, JSON.stringify([id]));
      },
      [s.sliding.id],
    );
    await page.route('**/api/games/puzzle-rush', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'down' });
    });
    await openDocument(page, '/games/puzzle-rush');
    await page.getByText('Couldn’t load today’s puzzles.').waitFor();
    await page.unroute('**/api/games/puzzle-rush');
    await page.getByRole('button', { name: 'Try again' }).click();
    await rush.tile('n-queens').waitFor();
    expect(
      await page.evaluate(() => localStorage.getItem('puzzle-rush:solved:2000-01-01')),
    ).toBeNull();
    await expect
      .poll(() => page.evaluate((d) => localStorage.getItem(`puzzle-rush:solved:${d}`), today))
      .toBe('[]');
    expect(await rush.solvedAlready('sliding').count()).toBe(0);
    await rush.slidingTile(1).waitFor();

    // Answers refused without a message: a 500 for queens, a bare 400 for the logic grid.
    await page.route('**/api/games/puzzle-rush', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const { puzzleId } = route.request().postDataJSON() as { puzzleId: string };
      await route.fulfill({
        status: puzzleId.endsWith(':n-queens') ? 500 : 400,
        contentType: 'text/plain',
        body: 'no',
      });
    });
    for (const [r, c] of s['n-queens'].secret.positions)
      if (!s['n-queens'].question.initial.some(([gr, gc]) => gr === r && gc === c))
        await rush.queenCell(r, c).click();
    await rush.submit('n-queens').click();
    await expect.poll(() => textWithEmoji(rush.status('n-queens'))).toBe('❌ Server error');
    // Not an invalid answer: no lockout, the right answer can go again at once.
    expect(await rush.lock('n-queens').count()).toBe(0);
    expect(await rush.submit('n-queens').isDisabled()).toBe(false);
    expect(await rush.solvedAlready('n-queens').count()).toBe(0);

    for (const [category, table] of Object.entries(s['logic-grid'].secret))
      for (const [person, item] of Object.entries(table))
        await rush.logicSelect(category, person).selectOption(item);
    await rush.submit('logic-grid').click();
    await expect.poll(() => rush.status('logic-grid').innerText()).toBe('Incorrect');
    await rush.lock('logic-grid').waitFor();
    expect(await rush.solvedToday.innerText()).toBe('0 / 5');

    // With the server back, the same answer is accepted.
    await page.unroute('**/api/games/puzzle-rush');
    await rush.submit('n-queens').click();
    await rush.solvedAlready('n-queens').waitFor();
    await expect.poll(() => rush.solvedToday.innerText()).toBe('1 / 5');
  });

  it('fits a 390 px phone without sideways scrolling', async () => {
    const user = await world.user();
    const { page, rush } = await openAs(user, { width: 390, height: 844 });
    // Reached from the games hub, whose Puzzle Rush card is a link now.
    const hub = new GamesHubPage(page);
    await hub.open();
    await hub.card('puzzle-rush').getByRole('link').click();
    await rush.heading.waitFor();
    expect(new URL(page.url()).pathname).toBe('/games/puzzle-rush');
    await rush.match3Cell(24).waitFor();
    const fit = await horizontalFit(page);
    expect(fit.scrollWidth).toBeLessThanOrEqual(390);
    expect(fit.overflowing).toEqual([]);
    expect(fit.hiddenControls).toEqual([]);
  });
});
