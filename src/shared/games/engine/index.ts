// The provably fair games engine shared by the server that pays and the browser's verify page.
export * from './fairness';
export * from './rational';
export * from '../casino/coinflip';
export * from '../casino/roulette';
export * from '../spinner/rules';
export * from '../casino/slots';
export * from '../minefield/rules';
export * from './items';
export * from './rtp';
