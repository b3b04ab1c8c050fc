import { useId, useState, type SubmitEvent } from 'react';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../lib/errorMessages';
import { formatCoins } from '../../lib/format';
import { notify } from '../../lib/toast';
import { useActionGuard } from '../../lib/useActionGuard';
import { useSendCoinsMutation } from './mutations';
import { CoinInput } from '../../components/CoinInput';
import { TextField } from '../../components/TextField';
import { Send } from 'lucide-react';

type Field = 'recipientUsername' | 'amount';

export function SendCoinsForm() {
  const ids = useId();
  const [recipient, setRecipient] = useState('');
  const [amount, setAmount] = useState('');
  // Fields left empty on the last try; cleared as soon as the player types in them.
  const [missing, setMissing] = useState<Field[]>([]);
  const send = useSendCoinsMutation();
  const guard = useActionGuard();
  const refusedField = errorField(send.error);
  const refusal = send.error ? errorMessage(send.error, 'Transfer failed', CONNECTION_ERROR) : null;

  const problemOf = (field: Field): string | boolean | null =>
    refusedField === field ? refusal : missing.includes(field);

  function edit(field: Field, set: (value: string) => void) {
    return (value: string) => {
      set(value);
      setMissing((current) => current.filter((name) => name !== field));
      if (refusedField === field) send.reset();
    };
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const recipientUsername = recipient.trim();
    const coins = Number(amount);
    const empty: Field[] = [];
    if (recipientUsername === '') empty.push('recipientUsername');
    if (amount.trim() === '' || !Number.isFinite(coins)) empty.push('amount');
    setMissing(empty);
    if (empty.length > 0) {
      notify.error('Enter recipient and amount');
      return;
    }
    void guard.run(async () => {
      try {
        await send.mutateAsync({ recipientUsername, amount: coins });
        notify.success(`Sent ${formatCoins(coins)} coins to ${recipientUsername}`);
        setRecipient('');
        setAmount('');
      } catch (error) {
        notify.error(errorMessage(error, 'Transfer failed', CONNECTION_ERROR));
      }
    });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card">
      <h2 id={`${ids}-heading`} className="section-title mb-4">
        <Send className="mr-1.5" />
        Send Coins
      </h2>
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <TextField
          id={`${ids}-recipient`}
          label="Recipient username"
          className="min-w-0 flex-1"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={recipient}
          error={problemOf('recipientUsername')}
          onValueChange={edit('recipientUsername', setRecipient)}
        />
        <CoinInput
          id={`${ids}-amount`}
          label="Amount"
          className="sm:w-36"
          min={1}
          value={amount}
          error={problemOf('amount')}
          onValueChange={edit('amount', setAmount)}
        />
        <button
          type="submit"
          className="btn-primary py-2.5 sm:mt-6"
          disabled={send.isPending || guard.quiet}
        >
          {send.isPending ? 'Sending…' : 'Send Coins'}
        </button>
      </form>
    </section>
  );
}
