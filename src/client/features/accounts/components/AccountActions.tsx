import { useState } from 'react';
import { errorMessage } from '../../../lib/errorMessages';
import { useDeleteAccountMutation, useLogoutMutation } from '../mutations';
import { NukeAccountDialog } from './NukeAccountDialog';
import { LogOut, Radiation } from 'lucide-react';

export function AccountActions() {
  const logout = useLogoutMutation();
  const nuke = useDeleteAccountMutation();
  const [confirming, setConfirming] = useState(false);

  function closeDialog() {
    setConfirming(false);
    nuke.reset();
  }

  return (
    <section aria-label="Account actions" className="card flex flex-wrap items-center gap-3">
      <button
        type="button"
        className="btn-secondary"
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
      >
        <LogOut /> {logout.isPending ? 'Peacing out…' : 'Peace Out'}
      </button>
      <button type="button" className="btn-danger" onClick={() => setConfirming(true)}>
        <Radiation /> Nuke Account
      </button>
      <NukeAccountDialog
        open={confirming}
        pending={nuke.isPending}
        error={nuke.error ? errorMessage(nuke.error, 'Account deletion failed') : null}
        onCancel={closeDialog}
        onConfirm={(password) => nuke.mutate(password)}
      />
    </section>
  );
}
