import { MINEFIELD_MAX_PROFIT } from '../../../../../shared/games/minefield/rules';
import type { MinefieldCashoutPoint } from '../../../../../shared/games/minefield/minimumStake';
import { formatCoins } from '../../../../lib/format';

interface CashoutReturnProps {
  /** The next cash-out at the current stake; null when there is none to show. */
  point: MinefieldCashoutPoint | null;
  /** 'Minimum stake for 8x8 with 10 mines: 85'. */
  minStakeText: string;
}

/**
 * The exact return of the next cash-out, from the function the server pays by (floors and the
 * profit cap included), so the published line is checked against the player's own settings.
 */
export function CashoutReturn({ point, minStakeText }: CashoutReturnProps) {
  return (
    <div
      className="flex flex-col gap-1 text-sm text-slate-300"
      data-testid="minefield-return-panel"
    >
      {point && (
        <>
          <p data-testid="minefield-next-cashout">
            Next cash-out: ×{point.multiplier} pays {formatCoins(point.payout)}
          </p>
          <p
            className={
              point.capped ? 'font-semibold text-amber-200' : 'font-semibold text-emerald-300'
            }
            data-testid="minefield-return"
          >
            Return if you cash out here: {point.percent}
          </p>
          {point.capped && (
            <p className="text-xs text-amber-200" data-testid="minefield-cap-note">
              The {formatCoins(MINEFIELD_MAX_PROFIT)}-coin profit cap lowers it:{' '}
              {point.uncappedStakeLimit >= 1
                ? `stakes up to ${formatCoins(point.uncappedStakeLimit)} get the full multiplier here.`
                : 'no stake gets the full multiplier here.'}
            </p>
          )}
        </>
      )}
      <p className="text-xs text-slate-400" data-testid="minefield-min-stake">
        {minStakeText}
      </p>
    </div>
  );
}
