import { Download } from 'lucide-react';
import { useInstallPrompt } from '../lib/pwa';

/** Installs the app, shown only while the browser offers it (lib/pwa.ts holds the offer). */
export function InstallAppButton() {
  const { available, install } = useInstallPrompt();
  if (!available) return null;
  return (
    <button type="button" className="btn-secondary self-start" onClick={() => void install()}>
      <Download /> Install app
    </button>
  );
}
