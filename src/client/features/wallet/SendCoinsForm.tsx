import { useId, useState, type SubmitEvent } from 'react';
import { errorMessage } from '../../lib/api';
import { formatCoins } from '../../lib/format';
import { notify } from '../../lib/toast';
import { useSendCoinsMutation } from './mutations';
import { CoinInput } from '../../components/CoinInput';

export function SendCoinsForm() {
  const ids = useId();
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  const send = useSendCoinsMutation();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const recipientUsername = recipient.trim();
    const coins = Number(amount);
    if (recipientUsername === '' || amount.trim() === '' || !Number.isFinite(coins)) {
      notify.error('Enter recipient and amount');
      return;
    }
    send.mutate(
      { recipientUsername, amount: coins },
      {
        onSuccess: () => {
          notify.success(`Sent ${formatCoins(coins)} coins to ${recipientUsername}`);
          setRecipient('');
          setAmount('');
        },
        onError: (error) => notify.error(errorMessage(error, 'Transfer failed')),
      },
    );
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card">
      <h2 id={`${ids}-heading`} className="section-title mb-4">
        <span aria-hidden="true">💸 </span>Send Coins
      </h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${ids}-recipient`} className="label">
            Recipient username
          </label>
          <input
            id={`${ids}-recipient`}
            className="input"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={recipient}
            onChange={(event) => setRecipient(event.target.value)}
          />
        </div>
        <div className="sm:w-36">
          <CoinInput id={`${ids}-amount`} label="Amount" min={1} value={amount} onValueChange={setAmount} />
        </div>
        <button type="submit" className="btn-primary py-2.5" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Coins'}
        </button>
      </form>
    </section>
  );
}
