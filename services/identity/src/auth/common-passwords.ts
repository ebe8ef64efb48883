// The most common passwords, from zxcvbn-ts's `passwords-common` dictionary (about 49,000 leaked
// passwords ranked by frequency, lower-case; MIT, maintained). Loaded once, lazily: decompressing
// it takes a few tens of milliseconds that a start-up need not wait for.

let loading: Promise<ReadonlySet<string>> | undefined;

/** The common passwords, lower-case. */
export function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return loading;
}

/** Loads the list ahead of the first signup. */
export function prepareCommonPasswords(): Promise<void> {
  return commonPasswords().then(() => {});
}
