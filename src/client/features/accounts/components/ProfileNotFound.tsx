import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorBanner } from '../../../components/States';
import { TextField } from '../../../components/TextField';

/** A profile that does not exist (never did, or renamed): a way on instead of a dead end. */
export function ProfileNotFound({ username }: { username: string }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = name.trim();
    if (wanted !== '') void navigate(`/profile/${encodeURIComponent(wanted)}`);
  }

  return (
    <section
      className="mx-auto flex max-w-lg flex-col gap-4 py-10 text-center"
      data-testid="profile-not-found"
    >
      <h1 className="font-display text-3xl font-bold wrap-anywhere text-white">
        No player called {username}
      </h1>
      {/* The spec's words for a missing profile. */}
      <ErrorBanner>User not found or an error occurred.</ErrorBanner>
      <p className="text-slate-300">
        The name may be misspelled, or the player may have renamed or closed their account.
      </p>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end justify-center gap-2 text-left">
        <TextField
          id="profile-search"
          label="Find a player"
          value={name}
          onValueChange={setName}
          autoComplete="off"
          className="min-w-0 flex-1"
        />
        <button type="submit" className="btn-primary">
          Open profile
        </button>
      </form>
      <p className="text-slate-300">
        Or look them up on the{' '}
        <Link
          to="/leaderboard"
          className="font-semibold text-amber-300 underline hover:text-amber-200"
        >
          leaderboard
        </Link>
        .
      </p>
    </section>
  );
}
