import { useId, useState, type SubmitEvent } from 'react';
import type { TradableItemDto } from '../../../../shared/api/trades';
import { TextField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { useRequestTradeMutation } from '../mutations';
import { pickedEntries, type Picks } from '../picks';
import { ItemPicker } from './ItemPicker';

interface RequestTradeFormProps {
  inventory: TradableItemDto[] | undefined;
  onFailure: (message: string | null) => void;
}

/** Recipient username and a picker of the user's own unlocked items (spec section 2). */
export function RequestTradeForm({ inventory, onFailure }: RequestTradeFormProps) {
  const ids = useId();
  const [recipient, setRecipient] = useState('');
  const [picks, setPicks] = useState<Picks>({});
  const request = useRequestTradeMutation();
  const recipientRefused = errorField(request.error) === 'toUsername';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const toUsername = recipient.trim();
    const fromItems = pickedEntries(picks);
    if (toUsername === '' || fromItems.length === 0) {
      onFailure('Enter a recipient and pick at least one item to offer');
      return;
    }
    onFailure(null);
    request.mutate(
      { toUsername, fromItems },
      {
        onSuccess: (trade) => {
          notify.success(`Trade request sent to ${trade.toUser}`);
          setRecipient('');
          setPicks({});
        },
        onError: (error) =>
          onFailure(errorMessage(error, 'Trade request failed', CONNECTION_ERROR)),
      },
    );
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${ids}-heading`}
      className="flex flex-col gap-3"
    >
      <h3 id={`${ids}-heading`} className="font-semibold text-white">
        Request a trade
      </h3>
      <TextField
        id={`${ids}-recipient`}
        label="Trade with (username)"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={recipient}
        error={recipientRefused}
        onValueChange={(value) => {
          setRecipient(value);
          if (recipientRefused) request.reset();
        }}
      />
      <ItemPicker
        idPrefix={`${ids}-offer`}
        legend="Items to offer"
        inventory={inventory}
        picks={picks}
        onChange={setPicks}
        disabled={request.isPending}
      />
      <button type="submit" className="btn-primary self-start" disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Request Trade'}
      </button>
    </form>
  );
}
