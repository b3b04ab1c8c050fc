/** What other features may use of admin (DESIGN.md section 1a). */
export { adminKeys } from './queries';
