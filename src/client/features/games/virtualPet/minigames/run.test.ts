import { describe, expect, it } from 'vitest';
import type {
  CritterDto,
  MinigameCompleteResponse,
} from '../../../../../shared/games/virtualPet/contract';
import { INITIAL_RUN, canStart, isRunning, runReducer, type RunAction, type RunState } from './run';

const answer: MinigameCompleteResponse = {
  message: 'Nice run!',
  score: 12,
  clamped: false,
  experienceEarned: 12,
  coinsEarned: 1,
  coinsCapped: 0,
  critter: { _id: 'c1' } as CritterDto,
};

const play = (...actions: RunAction[]): RunState => actions.reduce(runReducer, INITIAL_RUN);
const started: RunAction[] = [
  { type: 'request' },
  { type: 'started', runId: 'r1', limitMs: 60_000 },
];
const playing: RunAction[] = [...started, { type: 'tick', leftMs: 0 }];

describe('a mini-game run', () => {
  it('starts with the call, then counts down 3, 2, 1 and plays', () => {
    const asked = play({ type: 'request' });
    expect(asked.phase).toBe('starting');
    expect(isRunning(asked.phase)).toBe(true);
    const counting = play(...started);
    expect(counting).toMatchObject({
      phase: 'countdown',
      countdown: 3,
      runId: 'r1',
      limitMs: 60_000,
      round: 1,
    });
    expect(runReducer(counting, { type: 'tick', leftMs: 2500 })).toBe(counting);
    expect(runReducer(counting, { type: 'tick', leftMs: 1999 }).countdown).toBe(2);
    expect(play(...playing).phase).toBe('playing');
  });

  it('goes back to idle with the error when the start call fails', () => {
    const failed = play({ type: 'request' }, { type: 'start-failed', error: 'No such critter.' });
    expect(failed).toMatchObject({ phase: 'idle', error: 'No such critter.', runId: null });
    expect(canStart(failed.phase)).toBe(true);
  });

  it('sends a score above 0 once: waiting, saving, saved', () => {
    const over = play(...playing, { type: 'end', score: 12.7, reason: 'hit' });
    expect(over).toMatchObject({ phase: 'over', score: 12, ended: 'hit', save: 'waiting' });
    expect(runReducer(over, { type: 'end', score: 99, reason: 'exit' })).toBe(over);
    const saving = runReducer(over, { type: 'saving' });
    expect(saving.save).toBe('saving');
    expect(runReducer(saving, { type: 'saving' })).toBe(saving);
    const saved = runReducer(saving, { type: 'saved', result: answer });
    expect(saved).toMatchObject({ save: 'saved', result: answer });
    expect(runReducer(saved, { type: 'save-failed', error: 'x' })).toBe(saved);
  });

  it('keeps the server’s words when saving fails', () => {
    const failed = play(
      ...playing,
      { type: 'end', score: 3, reason: 'exit' },
      { type: 'saving' },
      { type: 'save-failed', error: 'Server error saving score.' },
    );
    expect(failed).toMatchObject({
      phase: 'over',
      save: 'failed',
      error: 'Server error saving score.',
    });
  });

  it('sends nothing for a score of 0, or for a game left during the countdown', () => {
    expect(play(...playing, { type: 'end', score: 0, reason: 'hit' }).save).toBe('skipped');
    const left = play(...started, { type: 'end', score: 40, reason: 'exit' });
    expect(left).toMatchObject({ phase: 'over', score: 0, save: 'skipped' });
    expect(runReducer(left, { type: 'saving' })).toBe(left);
  });

  it('ignores what does not fit the phase', () => {
    expect(runReducer(INITIAL_RUN, { type: 'end', score: 5, reason: 'exit' })).toBe(INITIAL_RUN);
    expect(runReducer(INITIAL_RUN, { type: 'started', runId: 'r', limitMs: 1 })).toBe(INITIAL_RUN);
    expect(runReducer(INITIAL_RUN, { type: 'tick', leftMs: 0 })).toBe(INITIAL_RUN);
    const counting = play(...started);
    expect(runReducer(counting, { type: 'request' })).toBe(counting);
  });

  it('starts again after game over with a clean slate and the next round', () => {
    const saved = play(
      ...playing,
      { type: 'end', score: 12, reason: 'hit' },
      { type: 'saving' },
      { type: 'saved', result: answer },
    );
    const again = runReducer(saved, { type: 'request' });
    expect(again).toMatchObject({
      phase: 'starting',
      round: 1,
      result: null,
      score: 0,
      save: 'none',
      runId: null,
    });
    expect(runReducer(again, { type: 'started', runId: 'r2', limitMs: 5 }).round).toBe(2);
  });
});
