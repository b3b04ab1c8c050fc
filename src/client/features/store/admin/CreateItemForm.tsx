import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { effectTypes, itemTypes, type EffectType, type ItemType } from '../../../../shared/store';
import { AlertDialog } from '../../../components/Modal';
import { CoinInput } from '../../../components/CoinInput';
import { SelectField, TextAreaField, TextField } from '../../../components/TextField';
import { CONNECTION_ERROR, errorField, errorMessage, fieldKey } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import {
  useCreateItemMutation,
  useUploadItemImageMutation,
  type CreateItemInput,
} from '../mutations';
import { ShoppingBag } from 'lucide-react';

interface Draft {
  name: string;
  type: ItemType;
  effect: string;
  effectType: EffectType | '';
  effectValue: string;
  price: string;
  stock: string;
  image: string;
  emoji: string;
  description: string;
}

const emptyDraft = (): Draft => ({
  name: '',
  type: 'power-up',
  effect: '',
  effectType: 'reward-multiplier',
  effectValue: '',
  price: '',
  stock: '',
  image: '',
  emoji: '',
  description: '',
});

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function toInput(draft: Draft): CreateItemInput {
  const cosmetic = draft.type === 'cosmetic';
  return {
    name: draft.name.trim(),
    type: draft.type,
    effect: draft.effect.trim() || null,
    effectType: cosmetic ? 'cosmetic' : draft.effectType || null,
    effectValue: cosmetic ? 1 : numberOrNull(draft.effectValue),
    // Empty numbers go as NaN-free nulls the server names, rather than as 0 by accident.
    price: numberOrNull(draft.price) as number,
    stock: numberOrNull(draft.stock) as number,
    image: draft.image.trim() || null,
    emoji: draft.emoji.trim() || null,
    description: draft.description.trim(),
  };
}

/**
 * Admin item form (spec section 4): choosing type cosmetic forces effect type cosmetic and
 * value 1, and the reverse; both fields are then disabled. Badges carry no effect type.
 */
export function CreateItemForm() {
  const ids = useId();
  const create = useCreateItemMutation();
  const upload = useUploadItemImageMutation();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [alert, setAlert] = useState<{ message: string; failed: boolean } | null>(null);
  const refused = create.error ? fieldKey(errorField(create.error) ?? '') : '';
  const locked = draft.type === 'cosmetic';

  function set<K extends keyof Draft>(key: K, value: Draft[K]) {
    if (refused === key) create.reset();
    setDraft((current) => ({ ...current, [key]: value }));
  }

  function setType(type: ItemType) {
    setDraft((current) => ({
      ...current,
      type,
      effectType:
        type === 'cosmetic'
          ? 'cosmetic'
          : type === 'badge'
            ? ''
            : current.effectType === 'cosmetic' || current.effectType === ''
              ? 'reward-multiplier'
              : current.effectType,
      effectValue:
        type === 'cosmetic' ? '1' : current.type === 'cosmetic' ? '' : current.effectValue,
    }));
  }

  function setEffectType(value: string) {
    if (value === 'cosmetic')
      setDraft((current) => ({
        ...current,
        type: 'cosmetic',
        effectType: 'cosmetic',
        effectValue: '1',
      }));
    else set('effectType', value as EffectType | '');
  }

  function onPicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (answer) => set('image', answer.url),
      onError: (error) => notify.error(errorMessage(error, 'Upload failed', CONNECTION_ERROR)),
    });
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(toInput(draft), {
      onSuccess: () => {
        setAlert({ message: 'Item created', failed: false });
        setDraft(emptyDraft());
      },
      onError: (error) =>
        setAlert({
          message: errorMessage(
            error,
            error instanceof Error ? error.message : 'Item creation failed',
            CONNECTION_ERROR,
          ),
          failed: true,
        }),
    });
  }

  const flag = (key: keyof Draft) => refused === key;
  return (
    <section aria-labelledby={`${ids}-heading`} className="card flex flex-col gap-4">
      <h2 id={`${ids}-heading`} className="section-title">
        <ShoppingBag className="mr-1.5" />
        Create store item
      </h2>
      <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <TextField
          id={`${ids}-name`}
          label="Item name"
          className="sm:col-span-2"
          maxLength={60}
          value={draft.name}
          error={flag('name')}
          onValueChange={(v) => set('name', v)}
        />
        <SelectField
          id={`${ids}-type`}
          label="Type"
          value={draft.type}
          error={flag('type')}
          onValueChange={(v) => setType(v as ItemType)}
        >
          {itemTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${ids}-emoji`}
          label="Emoji"
          maxLength={16}
          value={draft.emoji}
          error={flag('emoji')}
          onValueChange={(v) => set('emoji', v)}
        />
        <TextField
          id={`${ids}-effect`}
          label="Effect text"
          className="sm:col-span-2"
          maxLength={100}
          placeholder="Shown to players; leave empty to describe the effect type"
          value={draft.effect}
          error={flag('effect')}
          onValueChange={(v) => set('effect', v)}
        />
        <SelectField
          id={`${ids}-effect-type`}
          label="Effect type"
          value={draft.effectType}
          disabled={locked}
          error={flag('effectType')}
          onValueChange={setEffectType}
        >
          <option value="">none</option>
          {effectTypes.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${ids}-effect-value`}
          label="Effect value"
          type="number"
          inputMode="decimal"
          step={0.01}
          disabled={locked}
          value={draft.effectValue}
          error={flag('effectValue') ? errorMessage(create.error, '') : null}
          onValueChange={(v) => set('effectValue', v)}
        />
        <CoinInput
          id={`${ids}-price`}
          label="Price"
          min={0}
          value={draft.price}
          error={flag('price')}
          onValueChange={(v) => set('price', v)}
        />
        <TextField
          id={`${ids}-stock`}
          label="Stock"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={draft.stock}
          error={flag('stock')}
          onValueChange={(v) => set('stock', v)}
        />
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-picture`} className="label">
            Picture {upload.isPending && '(uploading…)'}
          </label>
          <input
            id={`${ids}-picture`}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="input"
            onChange={onPicture}
          />
          {draft.image && (
            <p className="mt-1 text-xs wrap-anywhere text-emerald-300" data-testid="item-image-url">
              Uploaded: {draft.image}
            </p>
          )}
        </div>
        <TextAreaField
          id={`${ids}-description`}
          label="Description"
          className="sm:col-span-2"
          inputClassName="min-h-16"
          maxLength={500}
          value={draft.description}
          error={flag('description')}
          onValueChange={(v) => set('description', v)}
        />
        <button
          type="submit"
          className="btn-primary py-2.5 sm:col-span-2"
          disabled={create.isPending || upload.isPending}
        >
          {create.isPending ? 'Creating…' : 'Create Item'}
        </button>
      </form>
      <AlertDialog
        message={alert?.message ?? null}
        tone={alert?.failed ? 'danger' : 'default'}
        onClose={() => setAlert(null)}
      />
    </section>
  );
}
