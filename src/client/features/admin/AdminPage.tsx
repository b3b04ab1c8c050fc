import { useSession } from '../../lib/session';
import { BetManagement } from '../bets/public';
import { CreateBetForm } from '../bets/public';
import { CreateAchievementForm } from '../tasks/public';
import { CreateTaskForm } from '../tasks/public';
import { RetireEntries } from '../tasks/public';
import { AdminLogs } from './components/AdminLogs';
import { CreateItemForm } from '../store/public';
import { ItemManagement } from '../store/public';
import { UserManagement } from './components/UserManagement';
import { AdminAppeals, AdminSanctions } from '../sanctions/public';
import { InviteCodes, PendingSignups } from './components/SignupControl';
import { AdminReports } from '../reports/public';
import { Shield } from 'lucide-react';

export function AdminPage() {
  const { user } = useSession();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Admin Panel</h1>
        <span
          data-testid="superuser-badge"
          className="max-w-full wrap-anywhere rounded-2xl border border-amber-300/50 bg-amber-300/15 px-3 py-1 text-sm font-semibold text-amber-200"
        >
          <Shield className="mr-1.5" />
          Superuser: {user?.username}
        </span>
      </header>
      <AdminReports />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <AdminSanctions />
        <AdminAppeals />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <PendingSignups />
        <InviteCodes />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <UserManagement />
        <CreateBetForm />
        <CreateTaskForm />
        <CreateAchievementForm />
      </div>
      <RetireEntries />
      <BetManagement />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <CreateItemForm />
        <ItemManagement />
      </div>
      <AdminLogs />
    </div>
  );
}
