import type { Locator, Page } from 'playwright-core';
import type { QuizQuestionDto } from '../../../src/shared/games/quizDuel/contract';

/** What the quiz pages were sent and what they show: the quiz-duel spec's readers. */

export interface SeenView {
  source: string;
  mode?: string;
  state?: string;
  /** The daily quiz's: all seven played. */
  done?: boolean;
  theirScore?: number | null;
  questions: QuizQuestionDto[];
}

/**
 * Every duel or daily view the page receives: the bodies of the quiz routes' answers and the
 * quizDuel.update frames of its live socket.
 */
export function recordViews(page: Page) {
  const views: SeenView[] = [];
  const reading: Promise<unknown>[] = [];
  let frames = 0;
  const keep = (source: string, body: unknown) => {
    if (typeof body !== 'object' || body === null) return;
    const record = body as Record<string, unknown>;
    const view = (record.duel ?? record.daily ?? record) as Partial<SeenView>;
    if (Array.isArray(view.questions)) views.push({ ...view, source, questions: view.questions });
  };
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/games/quiz-duel') || !response.ok()) return;
    reading.push(
      response.json().then(
        (body: unknown) => keep(`${response.request().method()} ${url.pathname}`, body),
        () => undefined,
      ),
    );
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as { kind: string; payload?: { duel?: unknown } };
      if (message.kind !== 'quizDuel.update') return;
      frames++;
      keep('socket quizDuel.update', message.payload?.duel);
    });
  });
  return {
    frames: () => frames,
    async all(): Promise<SeenView[]> {
      await Promise.all(reading);
      return views;
    },
  };
}

/**
 * What a page was told too early: a right answer or the other side's pick before the duel (or the
 * daily quiz) is over, a pick's points before its question closed, or the hidden side of an
 * asynchronous duel.
 */
export function earlyReveals(views: readonly SeenView[]): string[] {
  const problems: string[] = [];
  for (const view of views) {
    const over =
      view.done === true || (view.state !== undefined && !['open', 'playing'].includes(view.state));
    for (const q of view.questions) {
      if (
        (!over && q.answer !== null) ||
        (view.state !== 'finished' && q.theirChoice !== null) ||
        (!q.closed && (q.yourPoints !== null || q.theirPoints !== null))
      ) {
        problems.push(
          `${view.source}: question ${q.index} shows ${JSON.stringify({ closed: q.closed, answer: q.answer, yourPoints: q.yourPoints, theirChoice: q.theirChoice, theirPoints: q.theirPoints })} before its time`,
        );
      }
    }
    if (
      view.mode === 'async' &&
      view.state !== 'finished' &&
      (view.theirScore != null || view.questions.some((q) => q.theirPoints !== null))
    ) {
      problems.push(`${view.source}: an unfinished asynchronous duel shows the other side`);
    }
  }
  return problems;
}

/** Resolves once the page's live socket has said hello: from then on pushes can be expected. */
export function liveHello(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"hello"')) resolve();
      });
    });
  });
}

/** A closed question as its player sees it: each answer's look, the other side's pick marks, and the reveal's words. */
export async function readReveal(question: Locator) {
  await question.waitFor();
  return question.evaluate((card) => ({
    looks: [0, 1, 2, 3].map(
      (i) =>
        card.querySelector(`[data-testid="quiz-choice-${i}"]`)?.getAttribute('data-look') ?? null,
    ),
    theirPicks: card.querySelectorAll('[data-testid="quiz-their-pick"]').length,
    reveal:
      (card.querySelector('[data-testid="quiz-reveal"]') as HTMLElement | null)?.innerText ?? null,
    theirReveal:
      (card.querySelector('[data-testid="quiz-their-reveal"]') as HTMLElement | null)?.innerText ??
      null,
  }));
}
