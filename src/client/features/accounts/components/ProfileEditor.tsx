import { useEffect, useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { UserDto } from '../../../../shared/api/accounts';
import { MAX_UPLOAD_BYTES } from '../../../../shared/constants';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { hasChanges, useUpdateProfileMutation, type ProfileChanges } from '../mutations';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/webp,image/gif';

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

  const choose = (file: File | null) => setPicture(file ? { file, previewUrl: URL.createObjectURL(file) } : null);
  return [picture, choose] as const;
}

/** Keyed by user id by the caller, so the fields start from the signed-in user's values. */
export function ProfileEditor({ user }: { user: UserDto }) {
  const ids = useId();
  const [username, setUsername] = useState(user.username);
  const [password, setPassword] = useState('');
  const [picture, choosePicture] = usePicture();
  const [fileInputKey, setFileInputKey] = useState(0);
  const update = useUpdateProfileMutation();

  function onPictureChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    if (file && file.size > MAX_UPLOAD_BYTES) {
      notify.error(`Pictures must be ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB or smaller`);
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
    if (password !== '') changes.password = password;
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
        choosePicture(null);
        // Remounting the file input is the only reliable way to clear its chosen file.
        setFileInputKey((key) => key + 1);
      },
      onError: (error) => notify.error(errorMessage(error, 'Update failed', 'Connection error')),
    });
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="card">
      <h2 id={`${ids}-heading`} className="section-title mb-4">
        <span aria-hidden="true">✨ </span>Glow Up Mode
      </h2>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <div>
          <label htmlFor={`${ids}-picture`} className="label">
            New picture
          </label>
          <div className="flex flex-wrap items-center gap-4">
            <input
              key={fileInputKey}
              id={`${ids}-picture`}
              type="file"
              accept={ACCEPTED_IMAGES}
              onChange={onPictureChange}
              className="min-w-0 max-w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-fuchsia-500 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-fuchsia-400"
            />
            {picture && (
              <img
                src={picture.previewUrl}
                alt="New picture preview"
                className="size-16 rounded-full object-cover ring-2 ring-fuchsia-400"
              />
            )}
          </div>
        </div>

        <div>
          <label htmlFor={`${ids}-username`} className="label">
            Username
          </label>
          <input
            id={`${ids}-username`}
            className="input"
            value={username}
            autoComplete="username"
            onChange={(event) => setUsername(event.target.value)}
          />
        </div>

        <div>
          <label htmlFor={`${ids}-password`} className="label">
            New password
          </label>
          <input
            id={`${ids}-password`}
            type="password"
            className="input"
            value={password}
            autoComplete="new-password"
            placeholder="Leave empty to keep it"
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordStrengthMeter password={password} />
        </div>

        <button type="submit" className="btn-primary self-start" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </button>
      </form>
    </section>
  );
}
