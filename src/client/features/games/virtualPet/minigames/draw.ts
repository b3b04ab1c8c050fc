// Drawing the canvas games, in world units (the canvas host sets the scale). No rules here: what
// is drawn is what coinCatcher.ts and dodgeDash.ts decided.
import {
  CATCHER_H,
  CATCHER_W,
  CATCHER_Y,
  COIN_R,
  SHAKE_S as COIN_SHAKE_S,
  type CoinCatcherState,
} from './coinCatcher';
import { PLAYER_R, SHAKE_S as DODGE_SHAKE_S, type DodgeState } from './dodgeDash';
import { WORLD_H, WORLD_W } from './engine';
import { emojiUrl } from '../../../../lib/emoji';

export interface Look {
  /** The playing critter's emoji. */
  emoji: string;
  /** prefers-reduced-motion: no screen shake, no pulsing. */
  reducedMotion: boolean;
  /** performance.now(), for pulses. */
  now: number;
}

const EMOJI_FONT = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';
const SHAKE_PX = 6;

function background(ctx: CanvasRenderingContext2D, top: string, bottom: string): void {
  const gradient = ctx.createLinearGradient(0, 0, 0, WORLD_H);
  gradient.addColorStop(0, top);
  gradient.addColorStop(1, bottom);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, WORLD_W, WORLD_H);
}

/** Moves the drawing by a random few pixels while a shake lasts (never with reduced motion). */
function shake(ctx: CanvasRenderingContext2D, left: number, total: number, look: Look): void {
  if (look.reducedMotion || left <= 0) return;
  const amount = (SHAKE_PX * left) / total;
  ctx.translate((Math.random() * 2 - 1) * amount, (Math.random() * 2 - 1) * amount);
}

/** The bundled Twemoji picture of each emoji drawn, loading once; a frame before it arrives draws the text. */
const pictures = new Map<string, HTMLImageElement>();

function picture(text: string): HTMLImageElement | null {
  if (typeof Image === 'undefined') return null;
  let image = pictures.get(text);
  if (!image) {
    image = new Image();
    image.src = emojiUrl(text);
    pictures.set(text, image);
  }
  return image.complete && image.naturalWidth > 0 ? image : null;
}

function emoji(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  size: number,
): void {
  const image = picture(text);
  if (image) {
    ctx.drawImage(image, x - size / 2, y - size / 2, size, size);
    return;
  }
  ctx.font = `${size}px ${EMOJI_FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y);
}

function coin(ctx: CanvasRenderingContext2D, x: number, y: number, kind: 'gold' | 'red'): void {
  ctx.beginPath();
  ctx.arc(x, y, COIN_R, 0, Math.PI * 2);
  ctx.fillStyle = kind === 'gold' ? '#facc15' : '#ef4444';
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = kind === 'gold' ? '#a16207' : '#7f1d1d';
  ctx.stroke();
  ctx.fillStyle = kind === 'gold' ? '#854d0e' : '#fee2e2';
  ctx.font = `bold 12px ui-sans-serif, system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(kind === 'gold' ? '¢' : '✕', x, y + 0.5);
}

function roundRect(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  w: number,
  h: number,
  r: number,
): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

export function drawCoinCatcher(
  ctx: CanvasRenderingContext2D,
  s: CoinCatcherState,
  look: Look,
): void {
  ctx.save();
  background(ctx, '#0f172a', '#1e293b');
  shake(ctx, s.shake, COIN_SHAKE_S, look);
  // The ground.
  ctx.fillStyle = '#334155';
  ctx.fillRect(0, CATCHER_Y + CATCHER_H + 8, WORLD_W, WORLD_H);
  for (const c of s.coins) coin(ctx, c.x, c.y, c.kind);
  // The catcher: a basket with the critter riding it.
  roundRect(ctx, s.catcherX - CATCHER_W / 2, CATCHER_Y, CATCHER_W, CATCHER_H, 6);
  ctx.fillStyle = '#f59e0b';
  ctx.fill();
  emoji(ctx, look.emoji, s.catcherX, CATCHER_Y + CATCHER_H + 2, 20);
  ctx.restore();
  if (s.ended === 'hit') {
    ctx.fillStyle = 'rgba(239, 68, 68, 0.25)';
    ctx.fillRect(0, 0, WORLD_W, WORLD_H);
  }
}

export function drawDodge(ctx: CanvasRenderingContext2D, s: DodgeState, look: Look): void {
  ctx.save();
  background(ctx, '#111827', '#1f2937');
  shake(ctx, s.shake, DODGE_SHAKE_S, look);
  // A faint grid so movement reads even on a still frame.
  ctx.strokeStyle = 'rgba(148, 163, 184, 0.08)';
  ctx.lineWidth = 1;
  for (let x = 40; x < WORLD_W; x += 40) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, WORLD_H);
    ctx.stroke();
  }
  for (let y = 40; y < WORLD_H; y += 40) {
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(WORLD_W, y);
    ctx.stroke();
  }
  for (const b of s.balls) {
    ctx.beginPath();
    ctx.arc(b.x, b.y, b.r, 0, Math.PI * 2);
    ctx.fillStyle = '#ef4444';
    ctx.fill();
    ctx.beginPath();
    ctx.arc(b.x - b.r / 3, b.y - b.r / 3, b.r / 3, 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(254, 202, 202, 0.7)';
    ctx.fill();
  }
  // The player: the critter in a bubble, ringed while a revive's shield lasts.
  ctx.beginPath();
  ctx.arc(s.player.x, s.player.y, PLAYER_R, 0, Math.PI * 2);
  ctx.fillStyle = 'rgba(251, 191, 36, 0.25)';
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#fbbf24';
  ctx.stroke();
  if (s.shield > 0) {
    const pulse = look.reducedMotion ? 1 : 0.6 + 0.4 * Math.abs(Math.sin(look.now / 120));
    ctx.beginPath();
    ctx.arc(s.player.x, s.player.y, PLAYER_R + 6, 0, Math.PI * 2);
    ctx.strokeStyle = `rgba(125, 211, 252, ${pulse})`;
    ctx.lineWidth = 3;
    ctx.stroke();
  }
  emoji(ctx, look.emoji, s.player.x, s.player.y + 1, 18);
  ctx.restore();
  if (s.ended === 'hit') {
    ctx.fillStyle = 'rgba(239, 68, 68, 0.25)';
    ctx.fillRect(0, 0, WORLD_W, WORLD_H);
  }
}
