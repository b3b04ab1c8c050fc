import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Tabs whose choice is in the address (?tab=key; the first tab has none), so a reload or a
 * shared link opens the same one. `children` renders the chosen tab's panel.
 */
export function AddressTabs<K extends string>({
  label,
  tabs,
  children,
}: {
  label: string;
  tabs: readonly { key: K; label: string }[];
  children: (tab: K) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]!.key;
  const tab = tabs.find((t) => t.key === params.get('tab'))?.key ?? first;
  return (
    <>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-2">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            className={tab === t.key ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setParams(t.key === first ? {} : { tab: t.key }, { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tabs.find((t) => t.key === tab)?.label}>
        {children(tab)}
      </div>
    </>
  );
}
