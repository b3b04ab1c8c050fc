import type { PublishedDto } from '../../../../shared/api/fairness';
import { buildPublished, type PublishedInput } from '../../../../shared/published';
import type { Queryable } from '../../../db/client';
import { achievementRewardTotal } from '../../achievements/public';
import { publishedItems } from '../../store/public';
import { taskRewardTotals } from '../../tasks/public';
import type { Deps } from '../../../platform/deps';
import { publishedInputs } from '../../../platform/module';

/** What the published figures take from the database: the items on sale, the task and achievement rewards, each game's own (its module's publishedInput). */
export async function publishedInput(
  deps: Pick<Deps, 'modules'>,
  q: Queryable,
): Promise<PublishedInput> {
  const [games, items, tasks, achievements] = await Promise.all([
    publishedInputs(deps, q),
    publishedItems(q),
    taskRewardTotals(q),
    achievementRewardTotal(q),
  ]);
  return { games, items, tasks, achievements };
}

/** GET /api/fairness/published: /fairness's every row, built by shared/published from the code that pays. */
export async function publishedFigures(
  deps: Pick<Deps, 'modules'>,
  q: Queryable,
): Promise<PublishedDto> {
  return { sections: await buildPublished(await publishedInput(deps, q)) };
}
