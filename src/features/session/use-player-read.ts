/**
 * A player page's first read (the cashback panel, the rewards shop, the countdown calendar): asked
 * when the island starts and again when its inputs change, its answer handed over only while the
 * island still wants it, and a failure told apart as "sign in" (no session, or one the platform
 * refused) or "could not load".
 */
import { useEffect, useState, type DependencyList } from 'react';
import { GraphqlCallError } from '../../lib/graphql-errors.ts';

/** Why the read gave nothing to show: signing in would help, or it did not load. */
export type ReadFailure = 'load' | 'signIn';

/** Runs `read`; `onData` takes the answer and may say it means "sign in" (no viewer). Returns the failure, if any. */
export function usePlayerRead<T>(read: () => Promise<T>, onData: (data: T) => ReadFailure | void, deps: DependencyList): ReadFailure | null {
  const [failure, setFailure] = useState<ReadFailure | null>(null);
  useEffect(() => {
    let current = true;
    read().then(
      (data) => {
        if (!current) return;
        const refused = onData(data);
        if (refused) setFailure(refused);
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof GraphqlCallError && error.kind === 'AuthenticationFailure' ? 'signIn' : 'load');
      },
    );
    return () => {
      current = false;
    };
    // The caller names the inputs of its read, as for useEffect.
  }, deps);
  return failure;
}
