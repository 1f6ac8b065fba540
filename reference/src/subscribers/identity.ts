/**
 * Subscriber identity (SPEC.md › Subscribers): a subscriber is known by an
 * email, a wallet, or both. These rules decide what a request with an email
 * and/or a wallet means against the subscribers that exist, as data the
 * store then applies. Kept free of state so they can be tested alone.
 */
export interface Identity {
  email: string | null;
  wallet: string | null;
}

export interface Known<S> extends Identity {
  id: S;
}

/** What adding {email, wallet} does. */
export type AddPlan<S> =
  | { action: 'create' }
  | { action: 'unchanged'; id: S }
  | { action: 'attach'; id: S; email?: string; wallet?: string }
  | { action: 'conflict'; reason: string };

/**
 * byEmail / byWallet: the subscriber already holding that email / wallet
 * (compared case-insensitively by the caller's index), if any.
 */
export function planAdd<S>(given: Identity, byEmail: Known<S> | undefined, byWallet: Known<S> | undefined): AddPlan<S> {
  if (byEmail && byWallet) {
    if (byEmail.id === byWallet.id) return { action: 'unchanged', id: byEmail.id };
    return {
      action: 'conflict',
      reason: 'email and wallet belong to two different subscribers; add or remove them one at a time',
    };
  }
  const found = byEmail ?? byWallet;
  if (!found) return { action: 'create' };
  // One credential matched. The other, if given, is new: attach it, unless
  // the subscriber already holds a different one of that kind.
  if (byEmail && given.wallet !== null) {
    if (found.wallet !== null)
      return { action: 'conflict', reason: 'this email belongs to a subscriber that already has a different wallet' };
    return { action: 'attach', id: found.id, wallet: given.wallet };
  }
  if (byWallet && given.email !== null) {
    if (found.email !== null)
      return { action: 'conflict', reason: 'this wallet belongs to a subscriber that already has a different email' };
    return { action: 'attach', id: found.id, email: given.email };
  }
  return { action: 'unchanged', id: found.id };
}

/** What removing {email, wallet} does. */
export type RemovePlan<S> = { action: 'delete'; id: S } | { action: 'not_found' } | { action: 'mismatch' };

export function planRemove<S>(given: Identity, byEmail: Known<S> | undefined, byWallet: Known<S> | undefined): RemovePlan<S> {
  if (given.email !== null && given.wallet !== null) {
    if (!byEmail && !byWallet) return { action: 'not_found' };
    if (byEmail && byWallet && byEmail.id === byWallet.id) return { action: 'delete', id: byEmail.id };
    return { action: 'mismatch' };
  }
  const found = given.email !== null ? byEmail : byWallet;
  return found ? { action: 'delete', id: found.id } : { action: 'not_found' };
}
