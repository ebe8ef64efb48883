import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A push service and a device, played by the test: the service takes pushes on loopback, the
// device holds the keys and decrypts them itself (RFC 8291 / RFC 8188, with node:crypto only,
// not the library that encrypted them), and the VAPID signature is checked (RFC 8292).

export interface ReceivedPush {
  device: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on 127.0.0.1: `/push/{device}` takes pushes and answers 201, or what
 * `answer(device, status)` set (410 for a device that is gone); `hang(device)` never answers
 * until the receiver closes; `redirect(device, location)` answers 307 to `location`.
 */
export async function startPushReceiver() {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const redirects = new Map<string, string>();
  const hanging = new Set<string>();
  const held: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const device = decodeURIComponent(req.url?.replace(/^\/push\//, '') ?? '');
      received.push({ device, headers: req.headers, body: Buffer.concat(chunks) });
      const location = redirects.get(device);
      const reply = () =>
        location ? res.writeHead(307, { location }).end() : res.writeHead(statuses.get(device) ?? 201).end();
      if (hanging.has(device)) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (device: string) => `${origin}/push/${encodeURIComponent(device)}`,
    answer: (device: string, status: number) => statuses.set(device, status),
    hang: (device: string) => hanging.add(device),
    redirect: (device: string, location: string) => redirects.set(device, location),
    received: (device: string) => received.filter((r) => r.device === device),
    async close() {
      for (const reply of held) reply();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;

/** A browser's push subscription: its P-256 key pair and authentication secret. */
export function newDevice(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    /** The push's plaintext, decrypted as the browser does (aes128gcm, one record). */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      const end = padded.lastIndexOf(2);
      if (end < 0) throw new Error('no record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** The claims of a push's VAPID token, once its ES256 signature checks out with `publicKey`. */
export function verifiedVapidClaims(authorization: string | undefined, publicKey: string) {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token = '', key] = match;
  if (key !== publicKey) throw new Error('the push names another public key');
  const [header, claims, signature] = token.split('.') as [string, string, string];
  const point = Buffer.from(publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('the VAPID signature does not verify');
  return JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
}
