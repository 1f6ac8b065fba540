/**
 * The one seam for randomness. A seeded generator (sfc32) so that the same
 * seed and the same requests give the same ids and the same responses; and,
 * for anything that grants access (session ids, minted keys, signing
 * secrets), secretAlphanumeric and secretHex, from the operating system's
 * CSPRNG. The seed is public (GET /_control shows it): a secret drawn from
 * the seeded generator could be computed by anyone who knows it.
 */
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seed: number) {
    // splitmix32 to spread a small seed over the four words of state.
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.uint32();
  }

  /** The generator's four words: restoring them continues the same sequence (persistence/). */
  snapshot(): [number, number, number, number] {
    return [this.a, this.b, this.c, this.d];
  }

  restoreSnapshot([a, b, c, d]: readonly number[]): void {
    this.a = a >>> 0;
    this.b = b >>> 0;
    this.c = c >>> 0;
    this.d = d >>> 0;
  }

  /** A uniformly distributed unsigned 32-bit integer. */
  uint32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = (this.b ^ (this.b >>> 9)) >>> 0;
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.uint32() / 4294967296;
  }

  /** An integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.float() * items.length)];
  }

  /** Post ids, as in the public examples: 20 alphanumeric characters. */
  alphanumeric(length = 20): string {
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHANUMERIC[this.uint32() % ALPHANUMERIC.length];
    return out;
  }

  hex(bytes: number): string {
    let out = '';
    for (let i = 0; i < bytes; i++) out += (this.uint32() & 0xff).toString(16).padStart(2, '0');
    return out;
  }

  /** An RFC 4122 version 4 UUID drawn from this generator. */
  uuid(): string {
    const h = this.hex(16).split('');
    h[12] = '4';
    h[16] = '89ab'[parseInt(h[16], 16) & 3];
    const s = h.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

/** `length` alphanumeric characters from the OS CSPRNG, each uniform (bytes past the last multiple of 62 are drawn again). */
export function secretAlphanumeric(length: number): string {
  const limit = 256 - (256 % ALPHANUMERIC.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length - out.length + 8)) {
      if (byte < limit) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** `bytes` random bytes from the OS CSPRNG, hex-encoded: an HMAC key. */
export function secretHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}
