import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

/** The look of an input, red-ringed while its value is refused. Shared by every field component. */
function fieldClass(invalid: boolean, extra = ''): string {
  return `input ${invalid ? 'border-rose-400 ring-2 ring-rose-500/60 focus:border-rose-300' : ''} ${extra}`.trim();
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  /** Hides the label visually (dense rows such as option lists); screen readers still read it. */
  hideLabel?: boolean;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

const errorIdOf = (id: string) => `${id}-error`;
const hintIdOf = (id: string) => `${id}-hint`;

/**
 * What aria-describedby should name for a field: its hint and its error when shown, plus any
 * description the caller adds (a form-level message, say). Undefined when there is nothing.
 */
export function describedBy(
  id: string,
  { error, hint, extra }: { error?: string | null; hint?: ReactNode; extra?: string },
) {
  const ids = [hint ? hintIdOf(id) : null, error ? errorIdOf(id) : null, extra ?? null].filter(
    Boolean,
  );
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Label above, control, then the hint and the error under it. */
export function FieldFrame({
  id,
  label,
  hideLabel = false,
  error,
  hint,
  className,
  children,
}: FieldFrameProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'label'}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintIdOf(id)} className="mt-1 text-xs text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorIdOf(id)} className="mt-1 text-sm text-rose-300">
          {error}
        </p>
      )}
    </div>
  );
}

type NativeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'id' | 'className'
>;

export interface TextFieldProps extends NativeInputProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  hideLabel?: boolean;
  /**
   * Why the value is refused, shown under the field. `true` marks the field without a text of
   * its own, when the message is shown elsewhere (a form-level alert).
   */
  error?: string | boolean | null;
  hint?: ReactNode;
  /** Classes for the wrapper, to size the field inside its form's layout. */
  className?: string;
  inputClassName?: string;
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function TextField({
  id,
  label,
  value,
  onValueChange,
  hideLabel,
  error,
  hint,
  className,
  inputClassName,
  'aria-describedby': extraDescription,
  ...rest
}: TextFieldProps) {
  const text = typeof error === 'string' ? error : null;
  const invalid = Boolean(error);
  return (
    <FieldFrame
      id={id}
      label={label}
      hideLabel={hideLabel}
      error={text}
      hint={hint}
      className={className}
    >
      <input
        id={id}
        className={fieldClass(invalid, inputClassName)}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, { error: text, hint, extra: extraDescription })}
        onChange={(event) => onValueChange(event.target.value)}
        {...rest}
      />
    </FieldFrame>
  );
}

type NativeTextAreaProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'id' | 'className'
>;

export interface TextAreaFieldProps extends NativeTextAreaProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | boolean | null;
  hint?: ReactNode;
  className?: string;
  inputClassName?: string;
}

/** TextField's multi-line twin. */
export function TextAreaField({
  id,
  label,
  value,
  onValueChange,
  error,
  hint,
  className,
  inputClassName,
  'aria-describedby': extraDescription,
  ...rest
}: TextAreaFieldProps) {
  const text = typeof error === 'string' ? error : null;
  const invalid = Boolean(error);
  return (
    <FieldFrame id={id} label={label} error={text} hint={hint} className={className}>
      <textarea
        id={id}
        className={fieldClass(invalid, inputClassName)}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, { error: text, hint, extra: extraDescription })}
        onChange={(event) => onValueChange(event.target.value)}
        {...rest}
      />
    </FieldFrame>
  );
}

type NativeSelectProps = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange' | 'id' | 'className'
>;

export interface SelectFieldProps extends NativeSelectProps {
  id: string;
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  hideLabel?: boolean;
  error?: string | boolean | null;
  className?: string;
  inputClassName?: string;
  children: ReactNode;
}

/** TextField's drop-down twin; the options are its children. */
export function SelectField({
  id,
  label,
  value,
  onValueChange,
  hideLabel,
  error,
  className,
  inputClassName,
  children,
  'aria-describedby': extraDescription,
  ...rest
}: SelectFieldProps) {
  const text = typeof error === 'string' ? error : null;
  const invalid = Boolean(error);
  return (
    <FieldFrame id={id} label={label} hideLabel={hideLabel} error={text} className={className}>
      <select
        id={id}
        className={fieldClass(invalid, inputClassName)}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, { error: text, extra: extraDescription })}
        onChange={(event) => onValueChange(event.target.value)}
        {...rest}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
