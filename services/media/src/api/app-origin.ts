const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the browser is on, as the gateway reports it (`x-forwarded-host`/`-proto`, which it
 * always sets itself), or undefined when the request did not come through the gateway. Upload
 * URLs on the app's origin are made absolute with it: the uploader parses them as URLs.
 */
export function appOrigin(req: {
  headers: Record<string, string | string[] | undefined>;
}): string | undefined {
  const host = req.headers['x-forwarded-host'];
  const proto = req.headers['x-forwarded-proto'];
  if (typeof host !== 'string' || !HOST.test(host)) return undefined;
  if (proto !== 'http' && proto !== 'https') return undefined;
  return `${proto}://${host}`;
}
