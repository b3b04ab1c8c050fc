import { useEffect } from 'react';
import { useMatches, type Params } from 'react-router';

const SITE_NAME = 'Fair & Square';

/** A route's `handle`: the page's name in the tab's title (WCAG 2.4.2: every page has its own). */
export interface TitleHandle {
  title: string | ((params: Params) => string);
}

export const titled = (title: TitleHandle['title']): { handle: TitleHandle } => ({
  handle: { title },
});

const titleOf = (handle: unknown, params: Params): string | null => {
  const title = (handle as Partial<TitleHandle> | undefined)?.title;
  if (typeof title === 'function') return title(params);
  return typeof title === 'string' ? title : null;
};

/** Names the tab after the deepest route that has a title: 'Store · Fair & Square'. */
export function usePageTitle(): void {
  const matches = useMatches();
  let title: string | null = null;
  for (const match of matches) title = titleOf(match.handle, match.params) ?? title;
  useEffect(() => {
    document.title = title ? `${title} · ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
