import { useId, useState, type SubmitEvent } from 'react';
import { CoinInput } from '../../../components/CoinInput';
import { WHOLE_COINS } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { communityError, useDonateMutation } from '../mutations';

/** Members give coins to the treasury (community bets pay out of it). */
export function DonateBox({ slug }: { slug: string }) {
  const ids = useId();
  const donate = useDonateMutation(slug);
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (donate.isPending) return;
    const coins = Number(amount);
    if (!Number.isFinite(coins) || coins < 1) return setProblem('Enter at least 1 coin.');
    if (!Number.isInteger(coins)) return setProblem(WHOLE_COINS);
    setProblem(null);
    donate.mutate(coins, {
      onSuccess: ({ message }) => {
        notify.success(message);
        setAmount('');
      },
      onError: (error) => setProblem(communityError(error, 'Could not donate')),
    });
  }

  return (
    <form
      aria-label="Donate to the treasury"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-wrap items-end gap-2"
    >
      <CoinInput
        id={`${ids}-amount`}
        label="Donate coins"
        value={amount}
        onValueChange={setAmount}
        min={1}
        className="w-36"
        error={problem}
      />
      <button type="submit" className="btn-secondary" disabled={donate.isPending}>
        Donate
      </button>
    </form>
  );
}
