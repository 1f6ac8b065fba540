/** For tests on fake timers: what a call came to, read at any moment without awaiting it. */
export function outcome<T>(promise: Promise<T>): { value?: T; error?: Error; settled: () => boolean } {
  const state: { value?: T; error?: Error; settled: () => boolean } = { settled: () => 'value' in state || 'error' in state };
  promise.then(
    (value) => void (state.value = value),
    (error: unknown) => void (state.error = error as Error),
  );
  return state;
}
