import { ArrowRight, Search } from 'lucide-react';
import type { FormEvent } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { inputClass } from '../../../ui/Field';

/** The search's text box (focused when shown) and its Search button; blank text searches nothing. */
export function SearchBox({
  text,
  onText,
  onSearch,
}: {
  text: string;
  onText(text: string): void;
  onSearch(text: string): void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) onSearch(text);
  };
  return (
    <search>
      <form onSubmit={submit} className="mt-4 flex gap-2">
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <input
            type="search"
            aria-label={t('Search posts')}
            placeholder={t('Search posts or #tags')}
            value={text}
            onChange={(e) => onText(e.target.value)}
            // biome-ignore lint/a11y/noAutofocus: it is the search dialog's first field, which opens to type in
            autoFocus
            className={`${inputClass} h-12 pl-11 text-base`}
            enterKeyHint="search"
          />
        </div>
        {/* An arrow on phones, where the word would take the room of the placeholder. */}
        <button type="submit" className={buttonClass('primary', 'lg', 'max-sm:w-12 max-sm:px-0')}>
          <ArrowRight aria-hidden className="size-5 sm:hidden" />
          <span className="max-sm:sr-only">{t('Search')}</span>
        </button>
      </form>
    </search>
  );
}
