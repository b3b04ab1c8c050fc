import { useRef, type Ref } from 'react';
import type { MysteryBoxDto } from '../../../../../shared/games/mysteryBox/contract';
import { formatCoins } from '../../../../lib/format';
import { useActionGuard } from '../../../../lib/useActionGuard';
import { openBlockedText, openOptions, type OpenCount, type OpenOption } from '../mysteryBoxView';
import { ContentsTable } from './ContentsTable';
import { OpenResults, type OpenOutcome } from './OpenResults';
import { EmojiText } from '../../../../components/Emoji';

interface BoxCardProps {
  box: MysteryBoxDto;
  /** The signed-in balance; undefined while unknown. */
  balance: number | undefined;
  /** An opening is in flight (of any box). */
  busy: boolean;
  /** The count of this box's opening in flight, if any. */
  opening: OpenCount | null;
  /** The last answer, when it was this box's. */
  outcome: OpenOutcome | null;
  reducedMotion: boolean;
  onOpen: (box: MysteryBoxDto, count: OpenCount) => Promise<void>;
  onRevealed: () => void;
  onDismissed: () => void;
}

function OpenButton({
  option,
  box,
  busy,
  opening,
  describedBy,
  onOpen,
  buttonRef,
}: {
  option: OpenOption;
  box: MysteryBoxDto;
  busy: boolean;
  opening: boolean;
  describedBy: string;
  onOpen: BoxCardProps['onOpen'];
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const guard = useActionGuard();
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`${option.count === 1 ? 'btn-secondary' : 'btn-primary'} min-w-0 flex-1 flex-col gap-0`}
      disabled={!option.affordable || busy || guard.quiet}
      aria-describedby={!option.affordable ? describedBy : undefined}
      onClick={() => void guard.run(() => onOpen(box, option.count))}
      data-testid={`box-open-${option.count}`}
    >
      <span>{opening ? 'Opening…' : option.label}</span>
      <span className="text-xs font-normal">{formatCoins(option.cost)} coins</span>
    </button>
  );
}

/** One box: price, return to player, Open ×1 and ×5, the last opening's drops and the contents table. */
export function BoxCard({
  box,
  balance,
  busy,
  opening,
  outcome,
  reducedMotion,
  onOpen,
  onRevealed,
  onDismissed,
}: BoxCardProps) {
  const options = openOptions(box.price, balance);
  const blocked = openBlockedText(options, balance);
  const titleId = `box-${box.id}`;
  const blockedId = `${titleId}-blocked`;
  const firstButton = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  return (
    <li className="card flex min-w-0 flex-col gap-4" data-testid="mystery-box" data-box-id={box.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={titleId} ref={title} tabIndex={-1} className="section-title wrap-anywhere">
          <span aria-hidden="true">
            <EmojiText text={box.emoji} />{' '}
          </span>
          {box.name}
        </h2>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <div>
            <dt className="text-xs text-slate-400">Price</dt>
            <dd className="font-mono font-semibold text-amber-200" data-testid="box-price">
              {formatCoins(box.price)} coins
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-400">Return to player</dt>
            <dd
              className="font-mono font-semibold text-emerald-200"
              data-testid="box-rtp"
              title={`exactly ${box.rtpFraction}`}
            >
              {box.rtp}
            </dd>
          </div>
        </dl>
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex gap-2">
          {options.map((option) => (
            <OpenButton
              key={option.count}
              option={option}
              box={box}
              busy={busy}
              opening={opening === option.count}
              describedBy={blockedId}
              onOpen={onOpen}
              buttonRef={option.count === 1 ? firstButton : undefined}
            />
          ))}
        </div>
        {blocked && (
          <p id={blockedId} className="text-sm text-amber-200" data-testid="box-blocked">
            {blocked}
          </p>
        )}
      </div>
      {outcome && (
        <OpenResults
          key={outcome.key}
          outcome={outcome}
          reducedMotion={reducedMotion}
          onRevealed={onRevealed}
          onDismissed={() => {
            onDismissed();
            // The list and the button pressed are gone: the keyboard carries on from Open ×1
            // (or the box's name when it cannot be pressed).
            if (firstButton.current && !firstButton.current.disabled) firstButton.current.focus();
            else title.current?.focus();
          }}
        />
      )}
      <ContentsTable box={box} />
    </li>
  );
}
