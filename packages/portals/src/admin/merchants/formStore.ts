import { useRef, useSyncExternalStore } from 'react';

/**
 * The merchant form's values outside React state: a field subscribes to its own value, so a keystroke re-renders
 * that field (and whatever reads it), not the sixty others. With the values in one `useState`, every key re-rendered
 * the whole form, 200–300 ms a key on a loaded back-office machine.
 */
export interface FormStore<V> {
  get: () => V;
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  patch: (next: Partial<V>) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createFormStore<V>(initial: V): FormStore<V> {
  let values = initial;
  const listeners = new Set<() => void>();
  const patch = (next: Partial<V>) => {
    values = { ...values, ...next };
    for (const listener of listeners) listener();
  };
  return {
    get: () => values,
    set: (key, value) => patch({ [key]: value } as unknown as Partial<V>),
    patch,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store, made once for the component's life (the form is keyed by merchant, so a new one gets a new store). */
export function useFormStore<V>(initial: () => V): FormStore<V> {
  const ref = useRef<FormStore<V> | null>(null);
  ref.current ??= createFormStore(initial());
  return ref.current;
}

/** One value of the store; the component re-renders only when that value changes (by `Object.is`). */
export function useFormValue<V, K extends keyof V>(store: FormStore<V>, key: K): V[K] {
  return useSyncExternalStore(store.subscribe, () => store.get()[key]);
}
