/** What other features may use of components (DESIGN.md section 1a). */
export { RoundHistory } from './RoundHistory';
export { SoundToggle } from './SoundToggle';
