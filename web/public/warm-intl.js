// A worker the page's head script starts before the app's code runs (theme-init.js). The first
// Intl formatter a page makes loads ICU's locale data, which costs as much as a card's whole
// render on a slow phone (40-60 ms on the main thread here, 130-240 ms with the CPU slowed 4x);
// ICU keeps that data for the whole renderer process, so making the same kinds of formatters here,
// off the main thread, leaves the app's own first ones cheap (under 2 ms). It makes the kinds the
// first screens use, in the reader's locale (`?locale=`, "en-US" or "es-US"), then ends.
const locale = new URLSearchParams(self.location.search).get('locale') || 'en-US';
try {
  for (const tag of new Set(['en-US', locale])) {
    new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(1250.5);
    new Intl.DateTimeFormat(tag, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(Date.now());
    new Intl.RelativeTimeFormat(tag).format(-5, 'minute');
    new Intl.PluralRules(tag).select(2);
  }
  [...new Intl.Segmenter().segment('Émily')].length;
} catch (_) {
  // Nothing depends on it: the app makes its formatters either way.
}
self.close();
