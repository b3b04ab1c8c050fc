import { SESSION_MARK_SCRIPT_HASH } from '../../shared/prerender';
import type { Config } from '../config';

/** The Content-Security-Policy the app (and the API docs page) must run under. */
export function cspDirectives(config: Pick<Config, 'imageHosts'>) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", SESSION_MARK_SCRIPT_HASH],
    // Toasts and motion set inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Pictures are uploads of ours; an admin may also point an item at an https image host
    // listed in IMAGE_HOSTS. Any other origin could be used to track who views a page.
    imgSrc: ["'self'", 'data:', 'blob:', ...config.imageHosts],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
