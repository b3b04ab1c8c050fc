import { Link } from 'react-router';
import { Dices } from 'lucide-react';

export function Footer() {
  return (
    <footer className="border-t border-white/10 py-6 text-center text-sm text-slate-400">
      <p>
        <Dices className="mr-1.5" />
        Fair &amp; Square · play money only ·{' '}
        <strong className="text-slate-200">All scams final</strong>
      </p>
      <p className="mt-2">
        <Link to="/fairness" className="text-slate-300 underline hover:text-white">
          Provably fair: verify any round
        </Link>
      </p>
    </footer>
  );
}
