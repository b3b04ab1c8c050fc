import type { Locator, Page } from 'playwright-core';
import { openDocument } from '../support/helpers';

export const QUIZ_PATH = '/games/quiz-duel';
const QUIZ_DAILY_PATH = `${QUIZ_PATH}/daily`;

/**
 * /games/quiz-duel: the new-duel form (stake, mode, Find opponent or Post open challenge,
 * Challenge a user), live challenges waiting, invites, open challenges, your duels, stats.
 */
export class QuizLobbyPage {
  readonly heading: Locator;
  readonly stake: Locator;
  readonly opponent: Locator;
  readonly findButton: Locator;
  readonly challengeUserButton: Locator;
  readonly waiting: Locator;
  readonly balance: Locator;
  readonly wins: Locator;
  readonly games: Locator;
  readonly botNote: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Quiz Duel', level: 1 });
    this.stake = page.getByLabel('Stake (coins)');
    this.opponent = page.getByLabel('Opponent username');
    this.findButton = page.getByTestId('quiz-find');
    this.challengeUserButton = page.getByRole('button', { name: 'Challenge a user' });
    this.waiting = page.getByTestId('quiz-waiting');
    this.balance = page.getByTestId('quiz-balance');
    this.wins = page.getByTestId('quiz-wins');
    this.games = page.getByTestId('quiz-games');
    this.botNote = page.getByTestId('quiz-bot-note');
  }

  /** Opens the lobby once its lists have loaded. */
  async open(): Promise<void> {
    await openDocument(this.page, QUIZ_PATH);
    await this.ready();
  }

  async ready(): Promise<void> {
    await this.heading.waitFor();
    await this.page.getByRole('heading', { name: 'Your duels' }).waitFor();
  }

  mode(name: 'Live' | 'Async'): Locator {
    return this.page.getByRole('radio', { name });
  }

  /** An invite to you from this player. */
  invite(from: string): Locator {
    return this.page.getByTestId('quiz-invite').filter({ hasText: from });
  }

  /** Someone's open challenge. */
  openChallenge(from: string): Locator {
    return this.page.getByTestId('quiz-open-challenge').filter({ hasText: from });
  }

  duelRow(id: string): Locator {
    return this.page.locator(`[data-testid="quiz-duel-row"][data-duel="${id}"]`);
  }
}

/** The question card, the countdowns, the scores and the result: what a duel and the daily quiz share. */
export class QuizPlayView {
  readonly countdown: Locator;
  readonly question: Locator;
  readonly prompt: Locator;
  readonly seconds: Locator;
  readonly reveal: Locator;
  readonly locked: Locator;
  readonly theirReveal: Locator;
  readonly yourScore: Locator;
  readonly theirScore: Locator;
  readonly summaryRows: Locator;

  constructor(protected readonly page: Page) {
    this.countdown = page.getByTestId('quiz-countdown');
    this.question = page.getByTestId('quiz-question');
    this.prompt = page.getByTestId('quiz-prompt');
    this.seconds = page.getByTestId('quiz-seconds');
    this.reveal = page.getByTestId('quiz-reveal');
    this.locked = page.getByTestId('quiz-locked');
    this.theirReveal = page.getByTestId('quiz-their-reveal');
    this.yourScore = page.getByTestId('quiz-your-score');
    this.theirScore = page.getByTestId('quiz-their-score');
    this.summaryRows = page.getByTestId('quiz-summary-row');
  }

  /**
   * Waits for the play to begin: the 3-2-1, or, on a loaded machine where the page arrives after
   * those 3 s, the first question already open (the countdown lives only 3 s).
   */
  async started(): Promise<void> {
    await this.countdown.or(this.openQuestion(0)).first().waitFor();
  }

  /** Question `index` (0-6) while it is open for this player. */
  openQuestion(index: number): Locator {
    return this.page.locator(
      `[data-testid="quiz-question"][data-index="${index}"][data-closed="false"]`,
    );
  }

  /** Question `index` once it has closed for this player (the reveal). */
  closedQuestion(index: number): Locator {
    return this.page.locator(
      `[data-testid="quiz-question"][data-index="${index}"][data-closed="true"]`,
    );
  }

  choice(index: number): Locator {
    return this.page.getByTestId(`quiz-choice-${index}`);
  }
}

/** /games/quiz-duel/:id: joining, waiting, playing and the result. */
export class QuizDuelView extends QuizPlayView {
  readonly result: Locator;
  readonly outcome: Locator;
  readonly payout: Locator;
  readonly rematch: Locator;
  readonly verify: Locator;
  readonly played: Locator;

  constructor(page: Page) {
    super(page);
    this.result = page.getByTestId('quiz-result');
    this.outcome = page.getByTestId('quiz-outcome');
    this.payout = page.getByTestId('quiz-payout');
    this.rematch = page.getByTestId('quiz-rematch');
    this.verify = page.getByTestId('quiz-verify');
    this.played = page.getByTestId('quiz-played');
  }
}

/** /games/quiz-duel/daily: Start, the seven questions, then the score, reward and share card. */
export class QuizDailyView extends QuizPlayView {
  readonly heading: Locator;
  readonly rules: Locator;
  readonly start: Locator;
  readonly result: Locator;
  readonly score: Locator;
  readonly right: Locator;
  readonly reward: Locator;
  readonly best: Locator;
  readonly shareCard: Locator;
  readonly copy: Locator;
  readonly seedHash: Locator;
  readonly clientSeed: Locator;

  constructor(page: Page) {
    super(page);
    this.heading = page.getByRole('heading', { name: 'Daily quiz', level: 1 });
    this.rules = page.getByTestId('quiz-daily-rules');
    this.start = page.getByTestId('quiz-daily-start');
    this.result = page.getByTestId('quiz-daily-result');
    this.score = page.getByTestId('quiz-daily-score');
    this.right = page.getByTestId('quiz-daily-right');
    this.reward = page.getByTestId('quiz-daily-reward');
    this.best = page.getByTestId('quiz-daily-best');
    this.shareCard = page.getByTestId('quiz-share-card');
    this.copy = page.getByTestId('quiz-copy');
    this.seedHash = page.getByTestId('quiz-seed-hash');
    this.clientSeed = page.getByTestId('quiz-client-seed');
  }

  async open(): Promise<void> {
    await openDocument(this.page, QUIZ_DAILY_PATH);
    await this.heading.waitFor();
  }
}
