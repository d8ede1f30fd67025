import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmit } from './useSubmit.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('is pending until the submit settles, then runs its success callback', async () => {
    const answer = deferred<string>();
    const { result } = renderHook(() => useSubmit((_: string) => answer.promise));
    const onSuccess = vi.fn();
    act(() => result.current.mutate('x', { onSuccess }));
    expect(result.current.isPending).toBe(true);
    await act(async () => answer.resolve('ok'));
    expect(result.current.isPending).toBe(false);
    expect(onSuccess).toHaveBeenCalledWith('ok');
  });

  it('runs the error callback with what the submit threw', async () => {
    const { result } = renderHook(() => useSubmit(async (_: string) => Promise.reject(new Error('401'))));
    const onError = vi.fn();
    await act(async () => result.current.mutate('x', { onError }));
    expect(result.current.isPending).toBe(false);
    expect(onError).toHaveBeenCalledWith(new Error('401'));
  });

  it("runs only the latest submit's callbacks, and none once the page is gone", async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const answers = [first, second];
    const { result, unmount } = renderHook(() =>
      useSubmit((_: string) => (answers.shift() ?? first).promise),
    );
    const early = vi.fn();
    const late = vi.fn();
    act(() => result.current.mutate('a', { onSuccess: early }));
    act(() => result.current.mutate('b', { onSuccess: late }));
    await act(async () => first.resolve('a'));
    expect(early).not.toHaveBeenCalled();
    expect(result.current.isPending).toBe(true);
    unmount();
    await act(async () => second.resolve('b'));
    expect(late).not.toHaveBeenCalled();
  });
});
