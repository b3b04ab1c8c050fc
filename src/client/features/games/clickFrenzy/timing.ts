/** Spec section 9: a new target every 250 ms; a target lasts 6 s. */
export const FRENZY_SPAWN_MS = 250;
export const FRENZY_TARGET_MS = 6000;
