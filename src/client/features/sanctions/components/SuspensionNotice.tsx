import { sanctionMessage, type SanctionDetails } from '../../../../shared/sanctions';
import { useSuspensionAppeal } from '../mutations';
import { AppealForm } from './AppealForm';

interface SuspensionNoticeProps {
  suspension: SanctionDetails;
  username: string;
  password: string;
}

/**
 * The sign-in screen of a suspended player: why and until when, and the one appeal, sent with
 * the name and password just typed (a suspension leaves no session to send it with).
 */
export function SuspensionNotice({ suspension, username, password }: SuspensionNoticeProps) {
  const appeal = useSuspensionAppeal();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-rose-500/60 bg-rose-950/70 px-3 py-3 text-sm text-rose-100">
      <p role="alert" className="wrap-anywhere">
        {sanctionMessage('all', suspension.reason, suspension.endsAt)}
      </p>
      {appeal.isSuccess ? (
        <p role="status" className="text-emerald-200">
          {appeal.data.message}
        </p>
      ) : suspension.appealed ? (
        <p>You have appealed it already: an admin will answer.</p>
      ) : (
        <AppealForm
          pending={appeal.isPending}
          error={appeal.error}
          onSend={(text) => appeal.mutate({ username, password, text })}
        />
      )}
    </div>
  );
}
