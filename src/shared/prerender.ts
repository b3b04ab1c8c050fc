import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The one inline script of index.html: a signed-in visitor must not see the signed-out
 * prerendered screen (scripts/prerender.mjs) flash before the app, so it marks the page
 * before the first paint and index.css hides the copy. The server allows exactly this text
 * by its hash in the Content-Security-Policy. 'token' is sessionStore's TOKEN_KEY.
 */
export const SESSION_MARK_SCRIPT =
  "try{if(localStorage.getItem('token'))document.documentElement.setAttribute('data-session','')}catch(e){}";

const toBase64 = (bytes: Uint8Array): string => {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
};

/** The CSP source that allows SESSION_MARK_SCRIPT and nothing else inline. */
export const SESSION_MARK_SCRIPT_HASH = `'sha256-${toBase64(sha256(utf8ToBytes(SESSION_MARK_SCRIPT)))}'`;
