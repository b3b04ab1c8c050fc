import { Link } from 'react-router';
import { PET_BASE, PetNav } from './PetNav';

interface ComingNextUpdateProps {
  title: string;
  icon: string;
  /** What the page will hold, in one line. */
  about: string;
}

/** The pet pages of a later issue: the page exists, says so plainly and leads back to the sanctuary. */
export function ComingNextUpdate({ title, icon, about }: ComingNextUpdateProps) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
          <span aria-hidden="true">{icon} </span>
          {title}
        </h1>
        <p className="mt-1 text-slate-400">{about}</p>
      </header>
      <PetNav />
      <section className="card flex flex-col items-start gap-3" aria-label={`${title} status`}>
        <p className="text-slate-200" data-testid="pet-coming-soon">
          The {title.toLowerCase()} page arrives with the next update.
        </p>
        <Link to={PET_BASE} className="btn-primary">
          <span aria-hidden="true">←</span>Back to the sanctuary
        </Link>
      </section>
    </div>
  );
}
