import { Smartphone } from 'lucide-react';
import { InstallAppButton } from '../../../components/InstallAppButton';
import { PushToggle } from '../../notifications/public';

/** What belongs to this browser rather than the account: push notifications, the installed app. */
export function DeviceSettings() {
  return (
    <section aria-labelledby="device-settings" className="card flex flex-col gap-3">
      <h2 id="device-settings" className="section-title">
        <Smartphone className="mr-1.5" />
        On this device
      </h2>
      <PushToggle />
      <InstallAppButton />
    </section>
  );
}
