// How names are compared when someone types part of one (the `@` suggestions): without case or
// accents, so "jose" finds "José" and "pena" finds "Peña". Marks are taken off the decomposed
// letters (NFD, then every \p{M}), in one place for every service and the web. Letters with no
// decomposition ("ø", "ł") stay as they are.

/** `text` lower-cased, without accents or other marks. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}
