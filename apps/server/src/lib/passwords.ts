import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1: OWASP's minimum for argon2id).
export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

export async function verifySecret(hashed: string, secret: string): Promise<boolean> {
  try {
    return await verify(hashed, secret);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username cannot be told from a wrong password. */
export async function burnVerifyTime(secret: string): Promise<void> {
  dummyHash ??= hash('tillbook-no-such-user');
  await verifySecret(await dummyHash, secret);
}
