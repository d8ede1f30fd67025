import { notifications } from '@mantine/notifications';

/** Toasts of the spec: 3000 ms, at the bottom (position set on the provider). */
export const TOAST_MS = 3000;

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'drip', autoClose: TOAST_MS });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TOAST_MS });
}

export function notifyInfo(message: string): void {
  notifications.show({ message, color: 'blue', autoClose: TOAST_MS });
}
