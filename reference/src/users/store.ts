/**
 * Users: publication owners, team members and post authors. Read through
 * GET /v1/users/{userId} and as `authors` of posts.
 */
import type { UserRecord } from './snapshot-schema.js';

export type { UserRecord };

/** The Author shape of SPEC.md (also the `user` of feed items): a user without the email. */
export type Author = Omit<UserRecord, 'email'>;

export class UserStore {
  private byId = new Map<string, UserRecord>();
  /** Lowercased wallet address -> user id: an address is the same account in any letter case. */
  private byWallet = new Map<string, string>();

  add(user: UserRecord): void {
    this.byId.set(user.id, user);
    this.byWallet.set(user.walletAddress.toLowerCase(), user.id);
  }

  get(id: string): UserRecord | undefined {
    return this.byId.get(id);
  }

  all(): UserRecord[] {
    return [...this.byId.values()];
  }

  /** persistence/: live records, serialise at once. */
  snapshot(): UserRecord[] {
    return this.all();
  }

  /** Into an empty store: the records become the store's own. */
  restoreSnapshot(records: UserRecord[]): void {
    for (const record of records) this.add(record);
  }

  /** The user with this wallet address, compared ignoring case. */
  idByWallet(walletAddress: string): string | undefined {
    return this.byWallet.get(walletAddress.toLowerCase());
  }

  author(id: string): Author | undefined {
    const u = this.byId.get(id);
    if (!u) return undefined;
    return {
      id: u.id,
      walletAddress: u.walletAddress,
      avatarUrl: u.avatarUrl,
      publicationId: u.publicationId,
      name: u.name,
      bio: u.bio,
    };
  }
}
