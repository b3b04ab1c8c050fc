import type { BuffedReward } from '../../../shared/api/tasks';
import { formatCoins } from '../../lib/format';

/** 125 hundredths -> '1.25', 150 -> '1.5'. */
const multiplierText = (hundredths: number) => String(hundredths / 100);

/**
 * The coins a claim pays now. A running reward buff raises the payout above the listed reward,
 * so the card shows the buffed figure and where it comes from; the server works both out with
 * the code that pays the claim, caps included.
 */
export function RewardTag({ reward, buffed }: { reward: number; buffed: BuffedReward }) {
  if (!buffed)
    return (
      <p data-testid="reward" className="shrink-0 font-semibold text-emerald-300">
        +{formatCoins(reward)}
      </p>
    );
  const why = `${formatCoins(reward)} × ${multiplierText(buffed.multiplier)} reward buff${buffed.capped ? ", limited by the buff's cap" : ''}`;
  return (
    <p data-testid="reward" className="max-w-[45%] shrink-0 text-right">
      <span className="font-semibold text-emerald-300">+{formatCoins(buffed.amount)}</span>{' '}
      <span className="block text-xs text-amber-200">({why})</span>
    </p>
  );
}
