import type { Locator, Page } from 'playwright-core';
import type { Training } from '../../../src/shared/games/idleNgu/rules';
import { openDocument } from '../support/helpers';

export const IDLE_NGU_PATH = '/games/idle-ngu';

const NAMES: Record<Training, string> = {
  attack: 'Attack',
  defense: 'Defense',
  speed: 'Speed',
  magic: 'Magic',
};

/** Whether a button the game switches on and off (aria-disabled, keeping focus) is on. */
export async function isAvailable(button: Locator): Promise<boolean> {
  return (await button.getAttribute('aria-disabled')) !== 'true';
}

/**
 * /games/idle-ngu: the trainer's figures (power, multiplier, best boss, boss coins), the energy
 * bar with the save status, four training rows, the boss tower, the rebirth card and, after time
 * away, the away summary.
 */
export class IdleNguPage {
  readonly heading: Locator;
  readonly energy: Locator;
  readonly saveStatus: Locator;
  readonly power: Locator;
  readonly strongest: Locator;
  readonly multiplier: Locator;
  readonly bestBoss: Locator;
  readonly bossCoins: Locator;
  readonly coinBound: Locator;
  readonly rows: Locator;
  readonly bosses: Locator;
  readonly rebirthButton: Locator;
  readonly rebirthBlocked: Locator;
  readonly rebirthGain: Locator;
  readonly rebirthDialog: Locator;
  readonly away: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Idle NGU', level: 1 });
    this.energy = page.getByTestId('idle-energy');
    this.saveStatus = page.getByTestId('idle-save-status');
    this.power = page.getByTestId('idle-power');
    this.strongest = page.getByTestId('idle-strongest');
    this.multiplier = page.getByTestId('idle-multiplier');
    this.bestBoss = page.getByTestId('idle-best-boss');
    this.bossCoins = page.getByTestId('idle-boss-coins');
    this.coinBound = page.getByTestId('idle-coin-bound');
    this.rows = page.getByTestId('idle-training');
    this.bosses = page.getByTestId('idle-boss');
    this.rebirthButton = page.getByTestId('idle-rebirth');
    this.rebirthBlocked = page.getByTestId('idle-rebirth-blocked');
    this.rebirthGain = page.getByTestId('idle-rebirth-gain');
    this.rebirthDialog = page.getByRole('alertdialog', { name: 'Rebirth now?' });
    this.away = page.getByRole('region', { name: /^While you were away/ });
  }

  async open(): Promise<void> {
    await openDocument(this.page, IDLE_NGU_PATH);
    await this.ready();
  }

  /** Waits for the trainer: the four rows and the tower. */
  async ready(): Promise<void> {
    await this.heading.waitFor();
    await this.rows.nth(3).waitFor();
    await this.bosses.first().waitFor();
  }

  training(t: Training): TrainingRow {
    return new TrainingRow(
      this.page.locator(`[data-testid="idle-training"][data-training="${t}"]`),
      NAMES[t],
    );
  }

  boss(n: number): BossFloor {
    return new BossFloor(this.page.locator(`[data-testid="idle-boss"][data-boss="${n}"]`), n);
  }

  /** Waits until the allocation on screen is the one the server trains. */
  async saved(): Promise<void> {
    await this.saveStatus.and(this.page.locator('[data-phase="saved"]')).waitFor();
  }

  /**
   * Starts recording, in the page, each text the save status line shows from now on; the
   * returned function reads them (a MutationObserver, so a state that lasts a moment counts).
   */
  async trackSavePhases(): Promise<() => Promise<string[]>> {
    const key = `idlePhases${Math.random().toString(36).slice(2)}`;
    await this.saveStatus.evaluate((el, k) => {
      const seen: string[] = [];
      (window as unknown as Record<string, string[]>)[k] = seen;
      new MutationObserver(() => {
        const text = (el.textContent ?? '').trim();
        if (seen.at(-1) !== text) seen.push(text);
      }).observe(el, { childList: true, subtree: true, characterData: true });
    }, key);
    return () =>
      this.page.evaluate((k) => (window as unknown as Record<string, string[]>)[k]!, key);
  }

  /** '7 / 10', once it reads so when given. */
  async energyText(expected?: string): Promise<string> {
    await (
      expected === undefined ? this.energy : this.energy.filter({ hasText: expected })
    ).waitFor();
    return (await this.energy.innerText()).trim();
  }
}

/** One training's row. */
export class TrainingRow {
  readonly level: Locator;
  readonly progress: Locator;
  readonly nextLevel: Locator;
  readonly input: Locator;
  readonly less: Locator;
  readonly more: Locator;
  readonly cap: Locator;
  readonly clear: Locator;

  constructor(
    readonly root: Locator,
    name: string,
  ) {
    this.level = root.getByTestId('idle-level');
    this.progress = root.getByTestId('idle-progress');
    this.nextLevel = root.getByTestId('idle-next-level');
    this.input = root.getByRole('spinbutton', { name: `${name} energy` });
    this.less = root.getByRole('button', { name: `Less ${name} energy` });
    this.more = root.getByRole('button', { name: `More ${name} energy` });
    this.cap = root.getByRole('button', { name: `Cap: all idle energy to ${name}` });
    this.clear = root.getByRole('button', { name: `Clear ${name} energy` });
  }

  /** The level on screen with the server time the page settled it to, read in one go so they belong together. */
  async reading(): Promise<{
    level: bigint;
    at: number;
    allocated: number;
    text: string;
    progress: number;
  }> {
    const raw = await this.root.evaluate((el) => ({
      level: el.getAttribute('data-level') ?? '',
      at: el.getAttribute('data-at') ?? '',
      allocated: el.getAttribute('data-allocated') ?? '',
      text: el.querySelector('[data-testid="idle-level"]')?.textContent ?? '',
      progress:
        el.querySelector('[data-testid="idle-progress"]')?.getAttribute('data-progress') ?? '',
    }));
    return {
      level: BigInt(raw.level),
      at: Number(raw.at),
      allocated: Number(raw.allocated),
      text: raw.text.trim(),
      progress: Number(raw.progress),
    };
  }

  async allocated(): Promise<number> {
    return Number(await this.input.inputValue());
  }
}

/** One boss of the tower. */
export class BossFloor {
  readonly fight: Locator;
  readonly hp: Locator;
  readonly reward: Locator;
  readonly beaten: Locator;
  readonly blocked: Locator;

  constructor(
    readonly root: Locator,
    n: number,
  ) {
    this.fight = root.getByRole('button', { name: `Fight boss ${n}`, exact: true });
    this.hp = root.getByTestId('idle-boss-hp');
    this.reward = root.getByTestId('idle-boss-reward');
    this.beaten = root.getByTestId('idle-boss-beaten');
    this.blocked = root.getByTestId('idle-boss-blocked');
  }
}
