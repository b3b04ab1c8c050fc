import type { InputHTMLAttributes, ReactNode } from 'react';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'id' | 'className'>;

interface CoinInputProps extends NativeProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled whole-coin amount field; every coin form uses it so they read and behave alike. */
export function CoinInput({ id, label, value, onValueChange, ...rest }: CoinInputProps) {
  return (
    <>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step={1}
        className="input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...rest}
      />
    </>
  );
}
