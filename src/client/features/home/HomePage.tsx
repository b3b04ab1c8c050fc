import { FeatureCards } from './FeatureCards';
import { Hero } from './Hero';
import { TopPlayers } from './TopPlayers';

export function HomePage() {
  return (
    <div className="flex flex-col gap-10">
      <Hero />
      <div className="grid grid-cols-1 gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FeatureCards />
        <TopPlayers />
      </div>
    </div>
  );
}
