import { cn } from '../ui/cn';
import { t } from './i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language, useLanguage } from './language';
import { chooseLanguage } from './load-language';

/**
 * "English" / "Español": each language named in itself, the active one pressed. `onChoose` also
 * hears the choice (a member's is saved to their profile).
 */
export function LanguageSwitch({
  className,
  onChoose,
}: {
  className?: string;
  onChoose?: (language: Language) => void;
}) {
  const active = useLanguage();
  return (
    <fieldset className={cn('flex gap-1 rounded-full border p-1', className)}>
      <legend className="sr-only">{t('Language')}</legend>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={language === active}
          onClick={() => {
            void chooseLanguage(language);
            onChoose?.(language);
          }}
          className={cn(
            'h-9 flex-1 rounded-full px-3 text-sm font-semibold',
            language === active ? 'bg-primary text-primary-foreground' : 'hover:bg-muted/60',
          )}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * For guests, who have no profile menu: one small button in the header for the other language,
 * its code shown ("ES"), so the phone's header still fits; its name read out, with the code a
 * voice-control user says ("Español, ES": the visible text is part of the name, WCAG 2.5.3).
 */
export function LanguageToggle({ className }: { className?: string }) {
  const other = useLanguage() === 'es' ? 'en' : 'es';
  return (
    <button
      type="button"
      lang={other}
      aria-label={`${LANGUAGE_NAMES[other]}, ${other.toUpperCase()}`}
      onClick={() => void chooseLanguage(other)}
      className={cn(
        'grid h-10 w-8 place-items-center rounded-full text-xs font-bold hover:bg-muted',
        className,
      )}
    >
      {other.toUpperCase()}
    </button>
  );
}
