import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum (19 MiB, 2 passes); the library's algorithm default is argon2id.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

/** A hash of a random password, verified against when the user is unknown so that timing tells nothing. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  const target = passwordHash ?? (await decoyHash);
  try {
    const matches = await verify(target, password);
    return matches && passwordHash !== undefined;
  } catch {
    return false;
  }
}
