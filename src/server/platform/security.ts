import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
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

/**
 * The security headers every answer carries (CSP, HSTS, nosniff, frame and referrer policies),
 * worked out once by running helmet's own middleware against a recorder. @fastify/helmet
 * rebuilds the middleware, parsing the CSP again, on every request: about 2% of the server's
 * CPU per wager in bench:bets.
 */
export function securityHeaders(config: Pick<Config, 'imageHosts'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
  })({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}
