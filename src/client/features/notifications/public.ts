/** What other features may use of notifications (DESIGN.md section 1a). */
export { PushToggle } from './components/PushToggle';
export { turnOffPush } from './push';
