import type { Locator, Page } from 'playwright-core';
import type { PuzzleType } from '../../../src/shared/games/puzzleRush/puzzles';
import { openDocument } from '../support/helpers';

/** /games/puzzle-rush: the counters, then one card per puzzle (sliding, memory, match-3, logic grid, queens). */
export class PuzzleRushPage {
  readonly heading: Locator;
  readonly solvedToday: Locator;
  readonly wins: Locator;
  readonly reward: Locator;
  readonly resetCountdown: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Puzzle Rush', level: 1 });
    this.solvedToday = page.getByTestId('puzzle-solved-today');
    this.wins = page.getByTestId('puzzle-wins');
    this.reward = page.getByTestId('puzzle-reward');
    this.resetCountdown = page.getByTestId('puzzle-reset');
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/games/puzzle-rush');
    await this.heading.waitFor();
    await this.tile('n-queens').waitFor();
  }

  tile(type: PuzzleType): Locator {
    return this.page.getByTestId(`puzzle-${type}`);
  }

  /** The tiles' types in the order shown. */
  async order(): Promise<string[]> {
    return this.page
      .locator('[data-testid^="puzzle-"][aria-labelledby]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  }

  solvedAlready(type: PuzzleType): Locator {
    return this.tile(type).getByText('Solved already', { exact: true });
  }

  status(type: PuzzleType): Locator {
    return this.page.getByTestId(`puzzle-status-${type}`);
  }

  lock(type: PuzzleType): Locator {
    return this.page.getByTestId(`puzzle-lock-${type}`);
  }

  submit(type: PuzzleType): Locator {
    return this.tile(type).getByRole('button', { name: 'Submit', exact: true });
  }

  slidingTile(tile: number): Locator {
    return this.tile('sliding').getByRole('button', { name: `Tile ${tile}`, exact: true });
  }

  memoryCard(index: number): Locator {
    return this.page.getByTestId(`memory-card-${index}`);
  }

  match3Cell(index: number): Locator {
    return this.page.getByTestId(`match3-cell-${index}`);
  }

  readonly match3Count = () => this.page.getByTestId('match3-count');
  readonly match3Note = () => this.page.getByTestId('match3-note');

  /** The symbols on the match-3 board, row-major. */
  async match3Grid(): Promise<number[]> {
    return this.page
      .locator('[data-testid^="match3-cell-"]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-symbol'))));
  }

  logicSelect(category: string, person: string): Locator {
    const label = `${category.charAt(0).toUpperCase()}${category.slice(1)} of ${person}`;
    return this.tile('logic-grid').getByRole('combobox', { name: label, exact: true });
  }

  queenCell(row: number, col: number): Locator {
    return this.page.getByTestId(`queen-cell-${row}-${col}`);
  }
}
