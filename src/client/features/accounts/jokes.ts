const COMPLIMENTS = [
  'Your betting instincts are so sharp they could slice bread.',
  'The odds called. They want your autograph.',
  'You make losing play money look like a fashion statement.',
  'Your profile picture just raised the site average by 12%.',
  'Somewhere, a slot machine is practising to be as lucky as you.',
  'You are the human equivalent of a perfectly timed parlay.',
  'Dice roll a little straighter when you walk in.',
  'Your username is already legendary. Probably.',
  'If charm were coins, you would top the leaderboard.',
  'You have the calm confidence of someone who read the rules. Twice.',
] as const;

const ROASTS = [
  'You bet on the weather indoors.',
  'Your lucky socks filed a complaint.',
  'Even the house feels a bit sorry for you.',
  'You call it a strategy; the ledger calls it a donation.',
  'Your parlay had more legs than a centipede and still tripped.',
  'You once lost a coin flip to a coin.',
  'The underdog bets against you.',
  'Your balance has trust issues.',
  'You read "all scams final" and took it as a challenge.',
  'Your poker face is just a face.',
] as const;

export interface Joke {
  kind: 'compliment' | 'roast';
  text: string;
}

export function randomJoke(random: () => number = Math.random): Joke {
  const roast = random() < 0.5;
  const lines = roast ? ROASTS : COMPLIMENTS;
  const text = lines[Math.floor(random() * lines.length)] ?? lines[0];
  return { kind: roast ? 'roast' : 'compliment', text };
}
