import { useRef } from 'react';
import { notify } from '../../../../lib/toast';

/**
 * The finished daily quiz's emoji grid, to paste anywhere. Copy uses the clipboard where the
 * browser allows it; elsewhere (plain http, a refused permission) the text is selected instead.
 */
export function ShareCard({ text }: { text: string }) {
  const pre = useRef<HTMLPreElement>(null);

  function selectText() {
    const node = pre.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    selection.selectAllChildren(node);
  }

  async function onCopy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      notify.success('Copied!');
    } catch {
      selectText();
      notify.info('Selected: press Ctrl+C (or ⌘C) to copy');
    }
  }

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h3 className="section-title">Share card</h3>
      <pre
        ref={pre}
        className="rounded-xl border border-white/10 bg-slate-950/60 p-3 font-mono text-sm break-words whitespace-pre-wrap text-white"
        data-testid="quiz-share-card"
      >
        {text}
      </pre>
      <button
        type="button"
        className="btn-secondary self-start"
        onClick={() => void onCopy()}
        data-testid="quiz-copy"
      >
        Copy
      </button>
    </div>
  );
}
