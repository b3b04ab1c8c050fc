import { useSession } from '../../../lib/session';
import { LoadingState } from '../../../components/States';
import { AccountActions } from '../components/AccountActions';
import { CosmeticPicker } from '../components/CosmeticPicker';
import { DeviceSettings } from '../components/DeviceSettings';
import { JokeToys } from '../components/JokeToys';
import { ProfileCard } from '../components/ProfileCard';
import { ProfileEditor } from '../components/ProfileEditor';
import { SecuritySettings } from '../components/SecuritySettings';
import { Glasses } from 'lucide-react';

export function ProfilePage() {
  const { user } = useSession();

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">
          <Glasses className="mr-1.5" />
          Vibe Zone
        </h1>
        <p className="mt-1 text-slate-400">
          Your corner of the casino. Polish it, flex it, or blow it up.
        </p>
      </header>
      {user ? (
        <>
          <ProfileCard user={user} />
          <CosmeticPicker user={user} />
          <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
            <ProfileEditor key={user._id} user={user} />
            <JokeToys />
          </div>
          <SecuritySettings username={user.username} />
          <DeviceSettings />
          <AccountActions />
        </>
      ) : (
        <LoadingState>Loading your profile…</LoadingState>
      )}
    </div>
  );
}
