// The provably fair games engine shared by the server that pays and the browser's verify page.
export * from './fairness';
export * from './rational';
export * from './coinflip';
export * from './roulette';
export * from './spinner';
export * from './slots';
export * from './minefield';
export * from './items';
export * from './rtp';
