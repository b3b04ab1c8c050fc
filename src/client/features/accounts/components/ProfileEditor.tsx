import { useEffect, useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { UserDto } from '../../../../shared/api/accounts';
import { MAX_UPLOAD_BYTES } from '../../../../shared/constants';
import { CONNECTION_ERROR, errorField, errorMessage } from '../../../lib/errorMessages';
import { notify } from '../../../lib/toast';
import { FieldFrame, TextField, describedBy } from '../../../components/TextField';
import { hasChanges, useUpdateProfileMutation, type ProfileChanges } from '../mutations';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';
import { Sparkles } from 'lucide-react';

const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const NOT_AN_IMAGE = 'Choose a PNG, JPEG, WebP or GIF picture.';
const TOO_LARGE = `Pictures must be ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB or smaller.`;

interface Picture {
  file: File;
  previewUrl: string;
}

function usePicture() {
  const [picture, setPicture] = useState<Picture | null>(null);

  // Object URLs pin the file in memory until revoked: free each one once it is replaced.
  useEffect(() => {
    if (!picture) return;
    return () => URL.revokeObjectURL(picture.previewUrl);
  }, [picture]);

  const choose = (file: File | null) =>
    setPicture(file ? { file, previewUrl: URL.createObjectURL(file) } : null);
  return [picture, choose] as const;
}

/** Keyed by user id by the caller, so the fields start from the signed-in user's values. */
export function ProfileEditor({ user }: { user: UserDto }) {
  const ids = useId();
  const [username, setUsername] = useState(user.username);
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [picture, choosePicture] = usePicture();
  const [fileInputKey, setFileInputKey] = useState(0);
  const update = useUpdateProfileMutation();
  const [pictureProblem, setPictureProblem] = useState<string | null>(null);
  const refusedField = errorField(update.error);
  const refusal = update.error
    ? errorMessage(update.error, 'Update failed', CONNECTION_ERROR)
    : null;
  const pictureError = pictureProblem ?? (refusedField === 'image' ? refusal : null);

  function onPictureChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    update.reset();
    // The accept list is only a hint to the file picker; anything can still be chosen.
    const problem = !file
      ? null
      : !ACCEPTED_TYPES.includes(file.type)
        ? NOT_AN_IMAGE
        : file.size > MAX_UPLOAD_BYTES
          ? TOO_LARGE
          : null;
    setPictureProblem(problem);
    if (problem) {
      event.target.value = '';
      choosePicture(null);
      return;
    }
    choosePicture(file);
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const changes: ProfileChanges = {};
    const trimmed = username.trim();
    if (trimmed !== '' && trimmed !== user.username) changes.username = trimmed;
    if (password !== '') {
      changes.password = password;
      changes.currentPassword = currentPassword;
    }
    if (picture) changes.image = picture.file;

    if (!hasChanges(changes)) {
      notify.info('Nothing changed, nothing to save');
      return;
    }
    update.mutate(changes, {
      onSuccess: (updated) => {
        notify.success('Profile updated!');
        setUsername(updated.username);
        setPassword('');
        setCurrentPassword('');
        choosePicture(null);
        setPictureProblem(null);
        // Remounting the file input is the only reliable way to clear its chosen file.
        setFileInputKey((key) => key + 1);
      },
      onError: (error) => notify.error(errorMessage(error, 'Update failed', CONNECTION_ERROR)),
    });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card">
      <h2 id={`${ids}-heading`} className="section-title mb-4">
        <Sparkles className="mr-1.5" />
        Glow Up Mode
      </h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <FieldFrame id={`${ids}-picture`} label="New picture" error={pictureError}>
          <div className="flex flex-wrap items-center gap-4">
            <input
              key={fileInputKey}
              id={`${ids}-picture`}
              type="file"
              accept={ACCEPTED_TYPES.join(',')}
              aria-invalid={pictureError ? true : undefined}
              aria-describedby={describedBy(`${ids}-picture`, { error: pictureError })}
              onChange={onPictureChange}
              className={`min-w-0 max-w-full rounded-xl text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-fuchsia-500 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-fuchsia-400 ${
                pictureError ? 'ring-2 ring-rose-500/60' : ''
              }`}
            />
            {picture && (
              <img
                src={picture.previewUrl}
                alt="New picture preview"
                // A file named and typed as a picture may still not be one: no broken preview, say so.
                onError={() => {
                  setPictureProblem(NOT_AN_IMAGE);
                  choosePicture(null);
                  setFileInputKey((key) => key + 1);
                }}
                className="size-16 rounded-full object-cover ring-2 ring-fuchsia-400"
              />
            )}
          </div>
        </FieldFrame>

        <TextField
          id={`${ids}-username`}
          label="Username"
          value={username}
          autoComplete="username"
          error={refusedField === 'username' ? refusal : null}
          onValueChange={(value) => {
            setUsername(value);
            if (refusedField === 'username') update.reset();
          }}
        />

        <div>
          <TextField
            id={`${ids}-password`}
            label="New password"
            type="password"
            value={password}
            autoComplete="new-password"
            placeholder="Leave empty to keep it"
            error={refusedField === 'password' ? refusal : null}
            onValueChange={(value) => {
              setPassword(value);
              if (refusedField === 'password') update.reset();
            }}
          />
          <PasswordStrengthMeter password={password} />
        </div>

        {password !== '' && (
          <TextField
            id={`${ids}-current-password`}
            label="Current password"
            type="password"
            value={currentPassword}
            autoComplete="current-password"
            hint="Needed to set a new password."
            error={refusedField === 'currentPassword' ? refusal : null}
            onValueChange={(value) => {
              setCurrentPassword(value);
              if (refusedField === 'currentPassword') update.reset();
            }}
          />
        )}

        <button type="submit" className="btn-primary self-start" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </button>
      </form>
    </section>
  );
}
