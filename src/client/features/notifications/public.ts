/** What other features may use of notifications (DESIGN.md section 1a). */
export { NotificationBell } from './components/NotificationBell';
export { PushToggle } from './components/PushToggle';
export { turnOffPush } from './push';
