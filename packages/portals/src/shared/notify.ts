/** Toasts of the spec: 3000 ms, at the bottom (position set on the provider). */
export const TOAST_MS = 3000;

// Mantine's toasts (their container, transitions and store) are not part of any first screen: they are fetched on
// the first toast, or once the page has settled (app/Providers.tsx), and shown by the container mounted then.
export const loadToasts = async () => {
  const [toasts] = await Promise.all([
    import('@mantine/notifications'),
    import('@mantine/notifications/styles.css'),
  ]);
  return toasts;
};

const firstToastListeners = new Set<() => void>();
let toastShown = false;

/** Calls `listener` on the first toast (at once when one was already shown); returns the unsubscribe. */
export function onFirstToast(listener: () => void): () => void {
  if (toastShown) {
    listener();
    return () => {};
  }
  firstToastListeners.add(listener);
  return () => firstToastListeners.delete(listener);
}

function show(message: string, color: string): void {
  if (!toastShown) {
    toastShown = true;
    for (const listener of firstToastListeners) listener();
    firstToastListeners.clear();
  }
  void loadToasts().then(({ notifications }) => notifications.show({ message, color, autoClose: TOAST_MS }));
}

export function notifySuccess(message: string): void {
  show(message, 'drip');
}

export function notifyError(message: string): void {
  show(message, 'red');
}

export function notifyInfo(message: string): void {
  show(message, 'blue');
}
