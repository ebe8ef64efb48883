import type S3rverClass from 's3rver';

/**
 * s3rver, loaded when the embedded store starts. It is a development dependency of the launcher
 * only (unmaintained, and never part of a production install), so a production install that
 * tries to start the embedded store is told what to do instead.
 */
export async function loadS3rver(): Promise<typeof S3rverClass> {
  try {
    return (await import('s3rver')).default;
  } catch (err) {
    throw new Error(
      `The embedded object store needs s3rver, a development dependency (${(err as Error).message}). ` +
        'Install with dev dependencies (npm install), or set S3_ENDPOINT to an S3-compatible store.',
    );
  }
}
