import { PAGE_SIZE } from '../../shared/constants';

/** The last id of a page as the next page's `before`, or undefined when the page was the last one. */
export function nextBefore(page: readonly { _id: string }[]): number | undefined {
  if (page.length < PAGE_SIZE) return undefined;
  const last = Number(page[page.length - 1]?._id);
  return Number.isSafeInteger(last) && last > 0 ? last : undefined;
}
