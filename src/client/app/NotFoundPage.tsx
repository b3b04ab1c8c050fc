import { Link } from 'react-router';
import { Emoji } from '../components/Emoji';

export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center">
      <span aria-hidden="true" className="text-6xl">
        <Emoji char="🫠" />
      </span>
      <h1 className="font-display text-3xl font-bold text-white">Well, this is awkward.</h1>
      <p className="text-slate-300">The page you&apos;re looking for doesn&apos;t exist.</p>
      <Link to="/" className="btn-primary">
        Take me home
      </Link>
    </section>
  );
}
