import { useCallback, useSyncExternalStore } from 'react';
import { playWinSound } from '../accounts/public';

const KEY = 'gameSound';
const listeners = new Set<() => void>();

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

const isOn = (): boolean => {
  try {
    return localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
};

/** The games' sound switch, off until the player turns it on, kept in browser storage for every game page. */
export function useGameSound(): { on: boolean; toggle: () => void; playWin: () => void } {
  const on = useSyncExternalStore(subscribe, isOn, () => false);
  const toggle = useCallback(() => {
    try {
      localStorage.setItem(KEY, isOn() ? 'off' : 'on');
    } catch {
      // Storage refused (private mode): the switch simply does not stick.
    }
    listeners.forEach((listener) => listener());
  }, []);
  const playWin = useCallback(() => {
    if (isOn()) playWinSound();
  }, []);
  return { on, toggle, playWin };
}
