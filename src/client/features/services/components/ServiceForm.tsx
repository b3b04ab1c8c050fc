import { useId, useState, type FormEvent } from 'react';
import type { ServiceDto } from '../../../../shared/api/services';
import { CoinInput } from '../../../components/CoinInput';
import { TextAreaField, TextField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { useCreateServiceMutation, useUpdateServiceMutation } from '../mutations';

interface ServiceFormProps {
  /** The service being edited; null creates a new one. */
  editing: ServiceDto | null;
  onDone: () => void;
}

/** Spec section 5: title, description and price are required; price is a number. */
export function ServiceForm({ editing, onDone }: ServiceFormProps) {
  const ids = useId();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [price, setPrice] = useState(editing ? String(editing.price) : '');
  const [problem, setProblem] = useState<{ field: string | null; message: string } | null>(null);
  const create = useCreateServiceMutation();
  const update = useUpdateServiceMutation();
  const busy = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = Number(price);
    if (!title.trim()) return setProblem({ field: 'title', message: 'Enter a title.' });
    if (!description.trim())
      return setProblem({ field: 'description', message: 'Enter a description.' });
    if (price.trim() === '' || !Number.isFinite(amount))
      return setProblem({ field: 'price', message: 'Enter a price in coins.' });
    setProblem(null);
    const body = { title, description, price: amount };
    const onError = (error: unknown) => {
      const message = errorMessage(
        error,
        editing ? 'Update failed' : 'Create failed',
        CONNECTION_ERROR,
      );
      setProblem({ field: errorField(error), message });
      notify.error(message);
    };
    const onSuccess = () => {
      notify.success(editing ? 'Service updated' : 'Service created');
      setTitle('');
      setDescription('');
      setPrice('');
      onDone();
    };
    if (editing) update.mutate({ id: editing._id, ...body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  }

  const errorFor = (field: string) => (problem?.field === field ? problem.message : null);

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? 'Edit service' : 'Create a service'}
      className="card flex flex-col gap-3"
    >
      <h2 className="section-title">{editing ? 'Edit service' : 'Offer a service'}</h2>
      <TextField
        id={`${ids}-title`}
        label="Title"
        value={title}
        onValueChange={setTitle}
        maxLength={80}
        required
        error={errorFor('title')}
      />
      <TextAreaField
        id={`${ids}-description`}
        label="Description"
        value={description}
        onValueChange={setDescription}
        maxLength={2000}
        rows={3}
        required
        error={errorFor('description')}
      />
      <CoinInput
        id={`${ids}-price`}
        label="Price (coins)"
        value={price}
        onValueChange={setPrice}
        min={1}
        required
        error={errorFor('price')}
      />
      {problem && problem.field === null && (
        <p role="alert" className="text-sm text-rose-300">
          {problem.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          {editing ? 'Save changes' : 'Create service'}
        </button>
        {editing && (
          <button type="button" className="btn-secondary" onClick={onDone} disabled={busy}>
            Cancel edit
          </button>
        )}
      </div>
    </form>
  );
}
