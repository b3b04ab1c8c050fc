/** Spec section 4: the wheel turns for 4 s and the reward is handled at 4.5 s. */
export const SPIN_ANIMATION_MS = 4000;
export const SPIN_RESULT_MS = 4500;
