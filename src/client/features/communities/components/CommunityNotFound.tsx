import { Link } from 'react-router';
import { Emoji } from '../../../components/Emoji';

/**
 * What a community the reader may not see looks like: the same for one that does not exist
 * and a private one they are not in (the server answers both with the same 404).
 */
export function CommunityNotFound() {
  return (
    <section
      data-testid="community-not-found"
      className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center"
    >
      <span aria-hidden="true" className="text-6xl">
        <Emoji char="🏚️" label="" />
      </span>
      <h1 className="font-display text-3xl font-bold text-white">No community here</h1>
      <p className="text-slate-300">
        There is no community at this address, or it is private and you are not a member.
      </p>
      <Link to="/communities" className="btn-primary">
        Browse communities
      </Link>
    </section>
  );
}
