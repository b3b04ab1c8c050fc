/** What other features may use of sanctions (DESIGN.md section 1a). */
export { SanctionBanner } from './components/SanctionBanner';
export { SuspensionNotice } from './components/SuspensionNotice';
export { AdminSanctions } from './components/AdminSanctions';
export { AdminAppeals } from './components/AdminAppeals';
