import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

/** How far a header-signed request's date may be from now (S3 allows 15 minutes). */
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const ALGORITHM = 'AWS4-HMAC-SHA256';

type Data = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: Data) =>
  typeof data === 'string'
    ? Buffer.from(data)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** SHA-256 (or its HMAC) in the shape the signer wants, from node:crypto. */
class Sha256 {
  private readonly hash;
  constructor(secret?: Data) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: Data) {
    this.hash.update(bytesOf(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

export interface SignedRequest {
  method: string;
  /** The path as it arrived, still percent-encoded. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

export type Verdict =
  | { ok: true; signedHeaders: string[] }
  | { ok: false; code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'InvalidAccessKeyId'; message: string };

const denied = (code: Exclude<Verdict, { ok: true }>['code'], message: string): Verdict => ({
  ok: false,
  code,
  message,
});

/** `20260101T120000Z` → Date, or null. */
function parseAmzDate(value: string | undefined | null): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y as number, (mo as number) - 1, d, h, mi, s));
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Checks AWS Signature Version 4 on a request, in both forms S3 accepts (an `Authorization`
 * header, or a presigned URL's `X-Amz-*` query), by signing the same request again with the one
 * key this store knows and comparing. Only the headers the signature names are taken into
 * account, so a proxy's added headers do not matter; any change to a signed one (the host, the
 * content type, the content length) does.
 */
export class SigV4Verifier {
  private readonly signer: SignatureV4;

  constructor(
    private readonly credentials: { accessKeyId: string; secretAccessKey: string },
    private readonly region: string,
  ) {
    this.signer = new SignatureV4({
      credentials,
      region,
      service: 's3',
      sha256: Sha256,
      // S3 signs the path as sent, without encoding it a second time.
      uriEscapePath: false,
      applyChecksum: false,
    });
  }

  async verify(req: SignedRequest, now = new Date()): Promise<Verdict> {
    if (req.query.has('X-Amz-Signature')) return this.verifyPresigned(req, now);
    const authorization = req.headers.authorization;
    if (typeof authorization === 'string' && authorization.startsWith(`${ALGORITHM} `)) {
      return this.verifyHeader(req, authorization, now);
    }
    return denied('AccessDenied', 'Access Denied: this store answers only requests signed by the app');
  }

  private async verifyPresigned(req: SignedRequest, now: Date): Promise<Verdict> {
    const q = req.query;
    if (q.get('X-Amz-Algorithm') !== ALGORITHM)
      return denied('AccessDenied', 'Unsupported signing algorithm');
    const credential = this.checkCredential(q.get('X-Amz-Credential'));
    if (credential) return credential;
    const signedAt = parseAmzDate(q.get('X-Amz-Date'));
    const expiresIn = Number(q.get('X-Amz-Expires'));
    if (!signedAt || !Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > 604_800) {
      return denied('AccessDenied', 'X-Amz-Date or X-Amz-Expires is missing or invalid');
    }
    if (now.getTime() > signedAt.getTime() + expiresIn * 1000) {
      return denied('AccessDenied', 'Request has expired');
    }
    if (signedAt.getTime() > now.getTime() + MAX_CLOCK_SKEW_MS) {
      return denied('AccessDenied', 'Request is not yet valid');
    }
    const signedHeaders = (q.get('X-Amz-SignedHeaders') ?? '').split(';').filter(Boolean);
    if (!signedHeaders.includes('host')) return denied('AccessDenied', 'The host must be signed');
    const query = queryObject(q);
    delete query['X-Amz-Signature'];
    const request = this.request(req, signedHeaders, query);
    // The signer reads the payload hash (UNSIGNED-PAYLOAD) from a header and hoists it back
    // into the query under the same name, as the presigner did.
    const payloadHash = q.get('X-Amz-Content-Sha256');
    if (payloadHash) {
      delete query['X-Amz-Content-Sha256'];
      request.headers['X-Amz-Content-Sha256'] = payloadHash;
    }
    const resigned = await this.signer.presign(request, {
      signingDate: signedAt,
      expiresIn,
      signableHeaders: new Set(signedHeaders),
      unhoistableHeaders: new Set(signedHeaders),
    });
    const expected = resigned.query?.['X-Amz-Signature'];
    const given = q.get('X-Amz-Signature') ?? '';
    if (typeof expected !== 'string' || !sameText(expected, given)) {
      return denied(
        'SignatureDoesNotMatch',
        'The request signature does not match: the URL, its method or a signed header (e.g. the size) differs from what was signed',
      );
    }
    return { ok: true, signedHeaders };
  }

  private async verifyHeader(req: SignedRequest, authorization: string, now: Date): Promise<Verdict> {
    const fields = new Map(
      authorization
        .slice(ALGORITHM.length + 1)
        .split(',')
        .map((part) => {
          const at = part.indexOf('=');
          return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
        }),
    );
    const credential = this.checkCredential(fields.get('Credential') ?? null);
    if (credential) return credential;
    const signedAt = parseAmzDate(header(req.headers, 'x-amz-date'));
    if (!signedAt || Math.abs(now.getTime() - signedAt.getTime()) > MAX_CLOCK_SKEW_MS) {
      return denied('AccessDenied', 'x-amz-date is missing or too far from the current time');
    }
    const signedHeaders = (fields.get('SignedHeaders') ?? '').split(';').filter(Boolean);
    if (!signedHeaders.includes('host')) return denied('AccessDenied', 'The host must be signed');
    // Only the media service signs with headers, over loopback; the body's hash is taken as its
    // x-amz-content-sha256 says (a replay would need a captured request and the same 15 minutes).
    const resigned = await this.signer.sign(this.request(req, signedHeaders, queryObject(req.query)), {
      signingDate: signedAt,
      signableHeaders: new Set(signedHeaders),
    });
    const expected = /Signature=([0-9a-f]+)/.exec(String(resigned.headers.authorization ?? ''))?.[1];
    if (!expected || !sameText(expected, fields.get('Signature') ?? '')) {
      return denied('SignatureDoesNotMatch', 'The request signature does not match');
    }
    return { ok: true, signedHeaders };
  }

  /** Null when the credential names this store's key and scope, else why not. */
  private checkCredential(credential: string | null): Verdict | null {
    const [accessKeyId, , region, service, terminator] = (credential ?? '').split('/');
    if (accessKeyId !== this.credentials.accessKeyId) {
      return denied('InvalidAccessKeyId', 'The access key is not one this store knows');
    }
    if (region !== this.region || service !== 's3' || terminator !== 'aws4_request') {
      return denied('AccessDenied', 'The credential scope is not this store');
    }
    return null;
  }

  /** The request as the signer sees it: only the signed headers, the path as it arrived. */
  private request(req: SignedRequest, signedHeaders: string[], query: Record<string, string | string[]>) {
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) headers[name] = header(req.headers, name) ?? '';
    return {
      method: req.method,
      protocol: 'http:',
      hostname: headers.host ?? '',
      path: req.path,
      query,
      headers,
    };
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    query[key] = all.length === 1 ? (all[0] as string) : all;
  }
  return query;
}
