import { useState } from 'react';
import type { AchievementDto } from '../../../shared/api/tasks';
import {
  achievementCriteria,
  criteriaLabels,
  type AchievementCriteria,
} from '../../../shared/tasks';
import { SelectField } from '../../components/TextField';
import { EmptyState, ErrorBanner, LoadingState } from '../../components/States';
import { errorMessage } from '../../lib/errorMessages';
import { notify } from '../../lib/toast';
import { useActionGuard } from '../../lib/useActionGuard';
import { RewardTag } from '../tasks/public';
import { ProgressBar } from '../tasks/public';
import { useAchievements, useClaimAchievementMutation } from '../tasks/public';
import { EmojiText } from '../../components/Emoji';

function AchievementCard({ achievement }: { achievement: AchievementDto }) {
  const claim = useClaimAchievementMutation();
  // One request per click: a double click's second click lands before the re-render disables the button.
  const guard = useActionGuard();
  const canClaim = achievement.percent >= 100 && !achievement.claimed;
  const onClaim = () =>
    void guard.run(() =>
      claim.mutateAsync(achievement._id).then(
        (res) => notify.success(`Claimed "${achievement.title}"! +${res.reward} coins`),
        // Spec section 8: a failed claim is silent; the lists are read again either way.
        () => undefined,
      ),
    );
  return (
    <li
      data-testid="achievement"
      data-achievement-id={achievement._id}
      className="card flex flex-col gap-2"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="text-3xl">
          <EmojiText text={achievement.icon} />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold wrap-anywhere text-white">{achievement.title}</h3>
          <p className="text-sm wrap-anywhere text-slate-300">{achievement.description}</p>
        </div>
        <RewardTag reward={achievement.reward} buffed={achievement.buffedReward} />
      </div>
      <ProgressBar percent={achievement.percent} label={`${achievement.title} progress`} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-400">
          {criteriaLabels[achievement.criteria]}:{' '}
          {Math.min(achievement.progress, achievement.threshold)} / {achievement.threshold} (
          {achievement.percent}%)
        </p>
        {canClaim && (
          <button
            type="button"
            className="btn-primary"
            disabled={claim.isPending || guard.quiet}
            onClick={onClaim}
          >
            Claim
          </button>
        )}
      </div>
    </li>
  );
}

function Section({ title, list, empty }: { title: string; list: AchievementDto[]; empty: string }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h2 className="section-title">
        {title} ({list.length})
      </h2>
      {list.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {list.map((a) => (
            <AchievementCard key={a._id} achievement={a} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function AchievementsPage() {
  const [category, setCategory] = useState<'all' | AchievementCriteria>('all');
  const achievements = useAchievements();
  const shown = (achievements.data ?? []).filter(
    (a) => category === 'all' || a.criteria === category,
  );
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
            Achievements
          </h1>
          <p className="mt-1 text-slate-400">
            Lifetime milestones. Claim each one once for its reward.
          </p>
        </div>
        <SelectField
          id="achievement-category"
          label="Category"
          value={category}
          onValueChange={(v) => setCategory(v as typeof category)}
          className="w-full sm:w-64"
        >
          <option value="all">All categories</option>
          {achievementCriteria.map((c) => (
            <option key={c} value={c}>
              {criteriaLabels[c]}
            </option>
          ))}
        </SelectField>
      </header>
      {achievements.isPending ? (
        <LoadingState />
      ) : achievements.error ? (
        <ErrorBanner>{errorMessage(achievements.error, 'Failed to load achievements')}</ErrorBanner>
      ) : (
        <>
          <Section
            title="Unclaimed"
            list={shown.filter((a) => !a.claimed)}
            empty="Nothing left to claim here."
          />
          <Section
            title="Claimed"
            list={shown.filter((a) => a.claimed)}
            empty="No achievements claimed yet."
          />
        </>
      )}
    </div>
  );
}
