// Test-only helpers: a seeded generator, so simulations are reproducible run to run (and so no
// test reaches for Math.random). Nothing here is used by code that pays.

/** sfc32 seeded through splitmix32: small, fast, and passes PractRand far beyond what tests draw. */
export function seededRandom(seed: number): {
  u32(): number;
  float(): number;
  below(n: number): number;
} {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const u32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) u32();
  const float = (): number => u32() / 2 ** 32;
  return { u32, float, below: (n: number) => Math.floor(float() * n) };
}

/** `count` distinct-looking 64-hex server seeds from a seeded generator. */
export function seededServerSeeds(seed: number, count: number): string[] {
  const random = seededRandom(seed);
  const seeds: string[] = [];
  for (let i = 0; i < count; i++) {
    let hex = '';
    for (let j = 0; j < 8; j++) hex += random.u32().toString(16).padStart(8, '0');
    seeds.push(hex);
  }
  return seeds;
}
