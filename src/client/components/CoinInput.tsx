import { TextField, type TextFieldProps } from './TextField';

type CoinInputProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'step'>;

/**
 * A labelled whole-coin amount field: a TextField, so every coin form reads, looks and reports
 * errors like the rest, with the numeric keyboard on phones.
 */
export function CoinInput(props: CoinInputProps) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />;
}
