import type { ReactNode } from 'react';
import type { AchievementRef, InventoryEntry } from '../../../../shared/api/accounts';
import { EmptyState } from '../../../components/States';
import { formatCoins } from '../../../lib/format';
import { resolveImageUrl } from '../../../lib/images';
import { Emoji, EmojiText } from '../../../components/Emoji';

function Collection({
  title,
  icon,
  children,
}: {
  title: string;
  icon: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="card">
      <h2 className="section-title mb-4">
        <span aria-hidden="true">
          <Emoji char={icon} />{' '}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

export function AchievementList({ achievements }: { achievements: AchievementRef[] }) {
  return (
    <Collection title="Achievements" icon="🏆">
      {achievements.length === 0 ? (
        <EmptyState>No achievements yet</EmptyState>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {achievements.map((achievement) => (
            <li
              key={achievement._id}
              className="rounded-full bg-amber-400/15 px-3 py-1 text-sm text-amber-100"
            >
              <span aria-hidden="true">
                <EmojiText text={achievement.icon ?? '🏆'} />{' '}
              </span>
              {achievement.title}
            </li>
          ))}
        </ul>
      )}
    </Collection>
  );
}

/** Spec section 3 defaults for incomplete inventory entries. */
function InventoryItem({ entry }: { entry: InventoryEntry }) {
  const name = entry.item.name || 'Unknown Item';
  const image = resolveImageUrl(entry.item.image);
  return (
    <li className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/5 p-3">
      {image ? (
        <img
          src={image}
          alt={name}
          className="size-12 shrink-0 rounded-lg object-cover"
          loading="lazy"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-slate-800 text-2xl"
        >
          <EmojiText text={entry.item.emoji || '📦'} />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="wrap-anywhere font-semibold text-white">{name}</p>
        <p className="wrap-anywhere text-sm text-slate-400">{entry.item.effect || 'No effect'}</p>
      </div>
      <span
        className="shrink-0 rounded-full bg-slate-800 px-2 py-0.5 text-sm font-semibold"
        aria-label={`Quantity ${entry.quantity ?? 1}`}
      >
        ×{formatCoins(entry.quantity ?? 1)}
      </span>
    </li>
  );
}

export function InventoryList({ inventory }: { inventory: InventoryEntry[] }) {
  return (
    <Collection title="Inventory" icon="🎒">
      {inventory.length === 0 ? (
        <EmptyState>No items yet</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {inventory.map((entry) => (
            <InventoryItem key={entry._id} entry={entry} />
          ))}
        </ul>
      )}
    </Collection>
  );
}
