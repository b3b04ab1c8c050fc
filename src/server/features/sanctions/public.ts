/**
 * What other parts may use of sanctions (DESIGN.md section 1a). The SQL fragment comes first,
 * from a module that imports nothing of ours: platform/auth builds its session look-up with it
 * at load.
 */
export { sanctionsInForceJson } from './sql';
export { impose, liftSuspensions } from './service';
