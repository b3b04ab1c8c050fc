import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function focusablesIn(element: HTMLElement | null): HTMLElement[] {
  return element ? Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE)) : [];
}

export interface ModalProps {
  open: boolean;
  title: ReactNode;
  /** Read with the title when the dialog opens (aria-describedby). */
  description?: ReactNode;
  /** Escape, a click on the backdrop, or a Cancel button of the caller's. */
  onClose: () => void;
  /** 'alertdialog' for messages that interrupt (spec alerts, confirmations). */
  role?: 'dialog' | 'alertdialog';
  tone?: 'default' | 'danger';
  /** What gets focus on opening; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/**
 * An accessible modal: role dialog (or alertdialog), aria-modal, named by its title. While it is
 * open the app behind it is inert, Tab cycles inside it, Escape closes it, and focus goes back
 * to where it was (the button that opened it) when it closes.
 */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  title,
  description,
  onClose,
  role = 'dialog',
  tone = 'default',
  initialFocus,
  children,
}: ModalProps) {
  const ids = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the open/close effect when the caller re-renders.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    const first = initialFocus?.current ?? focusablesIn(panel.current)[0] ?? panel.current;
    first?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusablesIn(panel.current);
      const [head, tail] = [items[0], items.at(-1)];
      if (!head || !tail) {
        event.preventDefault();
        return;
      }
      const inside = panel.current?.contains(document.activeElement) ?? false;
      if (event.shiftKey && (document.activeElement === head || !inside)) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && (document.activeElement === tail || !inside)) {
        event.preventDefault();
        head.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      app?.removeAttribute('inert');
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  const border = tone === 'danger' ? 'border-rose-500/40' : 'border-white/15';
  return (
    <div
      className="fixed inset-0 z-[60] flex items-center justify-center bg-black/70 p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={`${ids}-title`}
        aria-describedby={description ? `${ids}-description` : undefined}
        tabIndex={-1}
        className={`flex max-h-full w-full max-w-md flex-col gap-4 overflow-y-auto rounded-2xl border ${border} bg-slate-900 p-6 text-slate-100 shadow-2xl`}
      >
        <h2 id={`${ids}-title`} className="font-display text-xl font-bold wrap-anywhere text-white">
          {title}
        </h2>
        {description && (
          <div id={`${ids}-description`} className="text-sm wrap-anywhere text-slate-300">
            {description}
          </div>
        )}
        {children}
      </div>
    </div>
  );
}

interface ConfirmDialogProps {
  open: boolean;
  /** The question, exactly as the spec words it ('Ban bob?'); it names the dialog. */
  question: string;
  details?: ReactNode;
  confirmLabel: string;
  tone?: 'default' | 'danger';
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question on a Modal; Escape and Cancel say no. Cancel has focus first, so Enter is safe. */
export function ConfirmDialog({
  open,
  question,
  details,
  confirmLabel,
  tone = 'default',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      role="alertdialog"
      title={question}
      description={details}
      tone={tone}
      onClose={onCancel}
      initialFocus={cancel}
    >
      <div className="flex flex-wrap justify-end gap-3">
        <button ref={cancel} type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'btn-danger' : 'btn-primary'}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

interface AlertDialogProps {
  /** The message, or null when nothing is to be shown; it names the dialog. */
  message: string | null;
  tone?: 'default' | 'danger';
  onClose: () => void;
}

/** The spec's alerts ('Bet created'), as a Modal with one OK button. */
export function AlertDialog({ message, tone = 'default', onClose }: AlertDialogProps) {
  return (
    <Modal
      open={message !== null}
      role="alertdialog"
      title={message ?? ''}
      tone={tone}
      onClose={onClose}
    >
      <div className="flex justify-end">
        <button type="button" className="btn-primary" onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}
