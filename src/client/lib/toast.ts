import toast, { type ToastOptions } from 'react-hot-toast';

/**
 * Spec section 2: toasts appear top-right and bottom-center. Good news lands top-right,
 * near the nav and balance; failures land bottom-center, near the form that caused them.
 */
export const notify = {
  success: (message: string, options?: ToastOptions) => toast.success(message, { position: 'top-right', ...options }),
  info: (message: string, options?: ToastOptions) => toast(message, { position: 'top-right', ...options }),
  error: (message: string, options?: ToastOptions) => toast.error(message, { position: 'bottom-center', ...options }),
};
