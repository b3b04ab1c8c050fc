import type { PublishedDto } from '../../../../shared/api/fairness';
import { buildPublished, type PublishedInput } from '../../../../shared/published';
import type { Queryable } from '../../../db/client';
import { achievementRewardTotal } from '../../achievements/public';
import { publishedItems } from '../../store/public';
import { taskRewardTotals } from '../../tasks/public';
import { currentSpinnerTables } from '../spinner/public';

/** What the published figures take from the database: the wheels, the items on sale, the task and achievement rewards. */
export async function publishedInput(q: Queryable): Promise<PublishedInput> {
  const [spinners, items, tasks, achievements] = await Promise.all([currentSpinnerTables(q), publishedItems(q), taskRewardTotals(q), achievementRewardTotal(q)]);
  return { spinners, items, tasks, achievements };
}

/** GET /api/fairness/published: /fairness's every row, built by shared/published from the code that pays. */
export async function publishedFigures(q: Queryable): Promise<PublishedDto> {
  return { sections: buildPublished(await publishedInput(q)) };
}
