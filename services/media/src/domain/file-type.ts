// The magic-number check lives in the contracts, so that the web app checks a photo the same way
// before uploading it.
export { SNIFF_BYTES, sniffImageType } from '@waco/contracts';
