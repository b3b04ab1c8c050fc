import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
} from 'react';
import type { CritterDto } from '../../../../../../shared/games/virtualPet/contract';
import { useReducedMotion } from '../../../public';
import type { CanvasGameDef } from '../canvasGames';
import {
  WORLD_H,
  WORLD_W,
  canvasSize,
  countFrame,
  frameSeconds,
  inputOf,
  isStartKey,
  keyDirection,
  startFps,
  toWorld,
  type Direction,
  type Point,
} from '../engine';
import { canStart, isRunning } from '../run';
import { GAMES, critterBonus, endWords } from '../terms';
import { useMinigameRun } from '../useMinigameRun';
import { GameBar, StageOverlay } from './GameBar';
import { ResultPanel } from './ResultPanel';
import { TouchPad } from './TouchPad';

interface CanvasGameProps<S> {
  def: CanvasGameDef<S>;
  critter: CritterDto;
  /** Told when a run starts and ends, so the page holds its pickers meanwhile. */
  onRunningChange: (running: boolean) => void;
}

/** The canvas is never taller than this share of the window (then it is narrower). */
const MAX_HEIGHT_SHARE = 0.62;

/** A field being typed in keeps every key. */
function editable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** A focused control keeps Enter and Space (they press it): the start key stands aside. */
function ownsStartKey(target: EventTarget | null): boolean {
  return (
    editable(target) ||
    (target instanceof HTMLElement && ['BUTTON', 'A', 'SUMMARY'].includes(target.tagName))
  );
}

/**
 * Hosts a canvas game: sizes the canvas to its container (in device pixels), runs the
 * requestAnimationFrame loop during the countdown and play (stopped on unmount), turns keys,
 * the pad and a held pointer into the game's input, and tells the run when the game ends.
 */
export function CanvasGame<S>({ def, critter, onRunningChange }: CanvasGameProps<S>) {
  const info = GAMES[def.game];
  const { state: run, begin, finish } = useMinigameRun(critter._id, def.game);
  const reducedMotion = useReducedMotion();
  const [expert, setExpert] = useState(false);
  const [size, setSize] = useState(() => canvasSize(WORLD_W, WORLD_H, 1));
  const [score, setScore] = useState(0);
  const [label, setLabel] = useState('');
  const [fps, setFps] = useState(0);
  const [said, setSaid] = useState('');

  const wrapRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const game = useRef<S | null>(null);
  game.current ??= def.create({ expert: false, revives: 0, limitMs: Infinity }, Math.random);
  const keysDown = useRef(new Set<string>());
  const padDown = useRef(new Set<Direction>());
  const pointer = useRef<Point | null>(null);

  // What the loop reads between renders.
  const latest = useRef({
    phase: run.phase,
    finish,
    options: { expert, revives: critterBonus(critter).revives, limitMs: run.limitMs },
    look: { emoji: critter.emoji, reducedMotion },
  });
  latest.current = {
    phase: run.phase,
    finish,
    options: { expert, revives: critterBonus(critter).revives, limitMs: run.limitMs },
    look: { emoji: critter.emoji, reducedMotion },
  };

  const running = isRunning(run.phase);
  useEffect(() => {
    onRunningChange(running);
    return () => onRunningChange(false);
  }, [running, onRunningChange]);

  const paint = useCallback(
    (now: number) => {
      const canvas = canvasRef.current;
      const ctx = canvas?.getContext('2d');
      if (!canvas || !ctx || !game.current) return;
      ctx.setTransform(canvas.width / WORLD_W, 0, 0, canvas.height / WORLD_H, 0, 0);
      ctx.clearRect(0, 0, WORLD_W, WORLD_H);
      def.draw(ctx, game.current, { ...latest.current.look, now });
    },
    [def],
  );

  // As wide as the container (a 390 px phone scrolls nothing sideways), crisp at any pixel ratio.
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const measure = () => {
      const next = canvasSize(
        wrap.clientWidth,
        window.innerHeight * MAX_HEIGHT_SHARE,
        window.devicePixelRatio || 1,
      );
      setSize((old) =>
        old.width === next.width &&
        old.pixelWidth === next.pixelWidth &&
        old.pixelHeight === next.pixelHeight
          ? old
          : next,
      );
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(wrap);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  const active = run.phase === 'countdown' || run.phase === 'playing';

  // A still frame whenever the loop is not drawing (and after a resize, which clears the canvas).
  useEffect(() => {
    if (!active) paint(performance.now());
  }, [active, paint, size, reducedMotion]);

  // The game loop: a fresh game at the countdown, stepped by the clock during play.
  useEffect(() => {
    if (!active) return;
    let state = def.create(latest.current.options, Math.random);
    game.current = state;
    keysDown.current.clear();
    setScore(0);
    setSaid('');
    setLabel(def.describe(state));
    let last = performance.now();
    let meter = startFps(last);
    let shownScore = 0;
    let shownLabel = def.describe(state);
    let shownFps = -1;
    let frame = 0;

    const tick = (now: number) => {
      meter = countFrame(meter, now);
      if (meter.fps !== shownFps) setFps((shownFps = meter.fps));
      const dt = frameSeconds(last, now);
      last = now;
      if (latest.current.phase === 'playing') {
        const before = state;
        const held = [...keysDown.current]
          .map(keyDirection)
          .filter((d): d is Direction => d !== null);
        state = def.step(
          state,
          dt,
          inputOf([...held, ...padDown.current], pointer.current),
          Math.random,
        );
        game.current = state;
        const points = def.score(state);
        if (points !== shownScore) setScore((shownScore = points));
        const words = def.announce(before, state);
        if (words) setSaid(words);
        const description = def.describe(state);
        if (description !== shownLabel) setLabel((shownLabel = description));
        paint(now);
        const ended = def.ended(state);
        if (ended) {
          latest.current.finish(points, ended);
          return;
        }
      } else {
        paint(now);
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [active, def, paint]);

  const start = useCallback(() => {
    if (canStart(latest.current.phase)) begin();
  }, [begin]);
  const exit = useCallback(() => {
    const state = game.current;
    latest.current.finish(state ? def.score(state) : 0, 'exit');
  }, [def]);

  // Keys: the start key, Escape, and the arrows / WASD while a game runs.
  useEffect(() => {
    const down = (event: KeyboardEvent) => {
      const phase = latest.current.phase;
      const inGame = phase === 'countdown' || phase === 'playing';
      if (event.key === 'Escape' && inGame) {
        event.preventDefault();
        exit();
        return;
      }
      const direction = keyDirection(event.key);
      if (direction && inGame && !editable(event.target)) {
        event.preventDefault();
        keysDown.current.add(event.key.length === 1 ? event.key.toLowerCase() : event.key);
        return;
      }
      if (
        info.startKey &&
        isStartKey(event.key, info.startKey) &&
        canStart(phase) &&
        !event.repeat &&
        !ownsStartKey(event.target)
      ) {
        event.preventDefault();
        start();
      }
    };
    const up = (event: KeyboardEvent) => {
      keysDown.current.delete(event.key.length === 1 ? event.key.toLowerCase() : event.key);
    };
    const letGo = () => {
      keysDown.current.clear();
      padDown.current.clear();
      pointer.current = null;
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    window.addEventListener('blur', letGo);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
      window.removeEventListener('blur', letGo);
    };
  }, [exit, info.startKey, start]);

  // A finger (or a pressed mouse) on the canvas: the critter heads for it.
  const onPointer = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!active) return;
    if (event.type === 'pointerdown') event.currentTarget.setPointerCapture?.(event.pointerId);
    else if (pointer.current === null) return;
    pointer.current = toWorld(
      event.clientX,
      event.clientY,
      event.currentTarget.getBoundingClientRect(),
    );
  };
  const onPointerEnd = () => {
    pointer.current = null;
  };
  const onHold = useCallback((direction: Direction, held: boolean) => {
    if (held) padDown.current.add(direction);
    else padDown.current.delete(direction);
  }, []);

  const shownScore = run.phase === 'over' ? run.score : score;
  const canvasLabel =
    run.phase === 'playing'
      ? label
      : run.phase === 'countdown'
        ? `${info.name}: starting in ${run.countdown}`
        : run.phase === 'starting'
          ? `${info.name}: starting`
          : run.phase === 'over' && run.ended
            ? `${info.name}: game over, score ${run.score}`
            : `${info.name}: press ${info.startKey ?? 'Start'} or the Start button to play`;
  const announcement =
    run.phase === 'countdown'
      ? `Starting in ${run.countdown}`
      : run.phase === 'over' && run.ended
        ? endWords(run.ended, run.score, def.game)
        : run.phase === 'playing'
          ? said || 'Go!'
          : '';
  const revives = critterBonus(critter).revives;

  return (
    <div className="flex flex-col gap-3">
      <GameBar
        info={info}
        run={run}
        score={shownScore}
        onStart={start}
        onExit={exit}
        expert={{ on: expert, toggle: () => setExpert((on) => !on) }}
      >
        {revives > 0 && (
          <span className="text-sm text-sky-200">Revive: {revives} (from a trait)</span>
        )}
      </GameBar>
      <div ref={wrapRef} className="w-full min-w-0">
        <div
          className="relative mx-auto overflow-hidden rounded-2xl border border-white/10"
          style={{ width: size.width, height: size.height, maxWidth: '100%' }}
        >
          <canvas
            ref={canvasRef}
            width={size.pixelWidth}
            height={size.pixelHeight}
            style={{
              width: size.width,
              height: size.height,
              maxWidth: '100%',
              touchAction: active ? 'none' : 'auto',
            }}
            className="block select-none"
            role="img"
            aria-label={canvasLabel}
            data-testid="minigame-canvas"
            data-fps={fps}
            data-phase={run.phase}
            onPointerDown={onPointer}
            onPointerMove={onPointer}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onLostPointerCapture={onPointerEnd}
          />
          <StageOverlay info={info} run={run} />
        </div>
      </div>
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      <div className="mx-auto w-full" style={{ maxWidth: size.width }}>
        <TouchPad layout={def.pad} disabled={!active} onHold={onHold} />
      </div>
      {run.phase === 'idle' && run.error && (
        <p role="alert" className="text-sm text-rose-200">
          {run.error}
        </p>
      )}
      <ResultPanel run={run} game={def.game} />
    </div>
  );
}
