import { WithCommunity } from '../components/WithCommunity';
import { AddressTabs } from '../../../components/AddressTabs';
import type { CommunityDetailDto } from '../../../../shared/api/communities';
import { AboutTab } from '../components/AboutTab';
import { BetsTab } from '../components/BetsTab';
import { CommunityHeader } from '../components/CommunityHeader';
import { Feed } from '../components/Feed';
import { InvitesTab } from '../components/InvitesTab';
import { MembersTab } from '../components/MembersTab';
import { ModlogTab } from '../components/ModlogTab';
import { RequestsTab } from '../components/RequestsTab';
import { SeasonTab } from '../components/SeasonTab';
import { SettingsTab } from '../components/SettingsTab';
import { CommunityReports } from '../../reports/public';

const TABS = [
  { key: 'feed', label: 'Feed', moderators: false },
  { key: 'bets', label: 'Bets', moderators: false },
  { key: 'members', label: 'Members', moderators: false },
  { key: 'leaderboard', label: 'Leaderboard', moderators: false },
  { key: 'about', label: 'About', moderators: false },
  { key: 'modlog', label: 'Moderation log', moderators: false },
  { key: 'requests', label: 'Requests', moderators: true },
  { key: 'reports', label: 'Reports', moderators: true },
  { key: 'invites', label: 'Invites', moderators: true },
  { key: 'settings', label: 'Settings', moderators: true },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function TabPanel({ tab, community }: { tab: TabKey; community: CommunityDetailDto }) {
  switch (tab) {
    case 'feed':
      return <Feed community={community} />;
    case 'bets':
      return <BetsTab community={community} />;
    case 'members':
      return <MembersTab community={community} />;
    case 'leaderboard':
      return <SeasonTab slug={community.slug} />;
    case 'about':
      return <AboutTab community={community} />;
    case 'modlog':
      return <ModlogTab slug={community.slug} />;
    case 'requests':
      return <RequestsTab slug={community.slug} />;
    case 'invites':
      return <InvitesTab slug={community.slug} />;
    case 'reports':
      return <CommunityReports slug={community.slug} />;
    case 'settings':
      // Keyed by what it edits, so a save (or another moderator's) shows the stored values.
      return (
        <SettingsTab
          key={JSON.stringify([
            community.name,
            community.description,
            community.icon,
            community.rules,
            community.visibility,
            community.joinPolicy,
          ])}
          community={community}
        />
      );
  }
}

function CommunityView({ community }: { community: CommunityDetailDto }) {
  const moderates = community.membership !== null && community.membership.role !== 'member';
  const tabs = TABS.filter((t) => moderates || !t.moderators);
  return (
    <div className="flex flex-col gap-6">
      <CommunityHeader community={community} />
      <AddressTabs label={`${community.name} sections`} tabs={tabs}>
        {(tab) => <TabPanel tab={tab} community={community} />}
      </AddressTabs>
    </div>
  );
}

/** /c/{slug}: a community's page. */
export function CommunityPage() {
  return <WithCommunity>{(community) => <CommunityView community={community} />}</WithCommunity>;
}
