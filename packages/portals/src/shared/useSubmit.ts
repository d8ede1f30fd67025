import { useEffect, useRef, useState } from 'react';

export interface SubmitCallbacks<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: unknown) => void;
}

/**
 * A submit's pending state and outcome, for the login pages: what they used TanStack Query's `useMutation` for,
 * without TanStack Query (not in a login's first load, see shared/queries.tsx). Like `mutate`, only the latest
 * submit's callbacks run, and none after the page is gone.
 */
export function useSubmit<T, R>(run: (input: T) => Promise<R>) {
  const [isPending, setPending] = useState(false);
  const latest = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const mutate = (input: T, callbacks: SubmitCallbacks<R> = {}) => {
    const id = ++latest.current;
    setPending(true);
    const settle = (then: () => void) => {
      if (!mounted.current || id !== latest.current) return;
      setPending(false);
      then();
    };
    run(input).then(
      (result) => settle(() => callbacks.onSuccess?.(result)),
      (error: unknown) => settle(() => callbacks.onError?.(error)),
    );
  };
  return { isPending, mutate };
}
