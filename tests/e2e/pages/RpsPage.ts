import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

export type Move = 'Rock' | 'Paper' | 'Scissors';

/** /games/rps: incoming challenges, the challenge form, the result, open challenges and Recent Matches. */
export class RpsPage {
  readonly heading: Locator;
  readonly opponent: Locator;
  readonly bet: Locator;
  readonly challengeButton: Locator;
  readonly result: Locator;
  readonly outcome: Locator;
  readonly formError: Locator;
  /** Why the last challenge was refused (balance, server), beside the Challenge button. */
  readonly refusal: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Rock Paper Scissors', level: 1 });
    this.opponent = page.getByLabel('Opponent username');
    this.bet = page.getByLabel('Bet amount');
    this.challengeButton = page.getByRole('button', { name: 'Challenge', exact: true });
    this.result = page.getByTestId('rps-result');
    this.outcome = page.getByTestId('rps-outcome');
    this.formError = page.getByRole('alert').filter({ hasText: 'Enter opponent' });
    this.refusal = page.getByRole('alert').and(page.getByTestId('rps-refusal'));
  }

  async open(): Promise<void> {
    await openDocument(this.page, '/games/rps');
    await this.heading.waitFor();
    await this.page.getByRole('heading', { name: 'Recent Matches' }).waitFor();
  }

  move(name: Move): Locator {
    return this.page
      .getByRole('radiogroup', { name: 'Your move' })
      .getByRole('radio', { name, exact: true });
  }

  invite(fromUsername: string): Locator {
    return this.page.getByTestId('rps-invite').filter({ hasText: fromUsername });
  }

  accept(fromUsername: string): Locator {
    return this.page.getByRole('button', { name: `Accept ${fromUsername}'s challenge` });
  }

  waiting(toUsername: string): Locator {
    return this.page.getByTestId('rps-waiting').filter({ hasText: `Waiting for ${toUsername}` });
  }

  cancel(toUsername: string): Locator {
    return this.page.getByRole('button', { name: `Cancel challenge to ${toUsername}` });
  }

  matches(): Locator {
    return this.page.getByTestId('rps-match');
  }

  wins(): Locator {
    return this.page.getByTestId('rps-wins');
  }

  games(): Locator {
    return this.page.getByTestId('rps-games');
  }

  async challenge(opponent: string, bet: string, move: Move): Promise<void> {
    await this.opponent.fill(opponent);
    await this.bet.fill(bet);
    await this.move(move).click();
    await this.challengeButton.click();
  }
}
