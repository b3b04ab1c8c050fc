import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import { ErrorBanner, LoadingState } from '../../../components/States';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errorMessages';
import { useCommunity } from '../queries';
import { CommunityNotFound } from './CommunityNotFound';

/**
 * The community of the address's `:slug`, loaded, for a page under /c/{slug}: its loading,
 * "no community here" (private or unknown alike) and failure states, or `children` with it.
 */
export function WithCommunity({
  children,
}: {
  children: (community: CommunityDetailDto) => ReactNode;
}) {
  const { slug = '' } = useParams();
  const community = useCommunity(slug);
  if (community.isPending) return <LoadingState>Loading the community…</LoadingState>;
  if (community.error instanceof ApiError && community.error.status === 404)
    return <CommunityNotFound />;
  if (community.error)
    return (
      <div className="flex flex-col items-start gap-3">
        <ErrorBanner>{errorMessage(community.error, 'Failed to load this community')}</ErrorBanner>
        <button type="button" className="btn-secondary" onClick={() => void community.refetch()}>
          Try again
        </button>
      </div>
    );
  return children(community.data);
}
