import type { Options } from 'canvas-confetti';

/**
 * canvas-confetti's default cannon draws in a Web Worker made from a blob: URL, which the
 * Content-Security-Policy (no worker-src blob:) refuses, with a console error at every burst.
 * One cannon of our own draws on the page's thread instead; the library loads on first use.
 */
let cannon: Promise<(options: Options) => void> | null = null;

export function fireConfetti(options: Options): void {
  cannon ??= import('canvas-confetti').then(({ default: confetti }) => {
    const fire = confetti.create(undefined, {
      resize: true,
      useWorker: false,
      disableForReducedMotion: true,
    });
    return (o: Options) => void fire(o);
  });
  void cannon.then((fire) => fire(options));
}
