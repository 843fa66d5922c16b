import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

// Data kept encrypted at rest (the two-factor secret) and keyed hashes (recovery codes), with
// keys derived (HKDF-SHA256) from the one secret of DATA_DIR: DATA_KEY when it is set, else
// the JWT secret (JWT_SECRET, or the generated DATA_DIR/jwt-secret file).

const VERSION = 'v1';

function derive(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'kw-consultancy-data-key', purpose, 32));
}

export class SecretUnreadableError extends Error {
  override name = 'SecretUnreadableError';
}

/**
 * AES-256-GCM under a key for `purpose`; `context` (which row, which column) is authenticated
 * with it, so a sealed value copied to another row does not open there.
 */
export function seal(secret: string, purpose: string, context: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derive(secret, purpose), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens what `seal` made; throws SecretUnreadableError when the key or the context differs. */
export function open(secret: string, purpose: string, context: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined)
    throw new SecretUnreadableError('Unknown format of an encrypted value');
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derive(secret, purpose),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(body, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretUnreadableError(
      'An encrypted value cannot be read with this DATA_DIR secret (was DATA_KEY or JWT_SECRET changed?)',
    );
  }
}

/** A keyed hash (HMAC-SHA256) for values that are only ever compared, such as recovery codes. */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', derive(secret, purpose)).update(value).digest('base64url');
}
