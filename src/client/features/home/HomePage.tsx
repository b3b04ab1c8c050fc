import { FeatureCards } from './FeatureCards';
import { Hero } from './Hero';
import { TopPlayers } from './TopPlayers';

export function HomePage() {
  return (
    <div className="flex flex-col gap-10">
      <Hero />
      <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
        <FeatureCards />
        <TopPlayers />
      </div>
    </div>
  );
}
