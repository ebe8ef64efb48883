import { LOADING_PHRASE_INTERVAL_MS } from '@waco/contracts';
import { useEffect, useState } from 'react';
import { msg, t } from '../../../i18n/i18n';
import { hydratingNow, renderNow } from '../../../ui/server-view';

export const LOADING_PHRASES = [
  msg('Finding local treasures...'),
  msg("Checking what's happening in Waco..."),
  msg('Asking the neighbours...'),
  msg('Crossing the Suspension Bridge...'),
  msg('Looking around Cameron Park...'),
  msg('Gathering the latest posts...'),
] as const;

export const LOADING_ANIMATIONS = ['dots', 'bars', 'orbit', 'pulse'] as const;
export type LoadingAnimationKind = (typeof LOADING_ANIMATIONS)[number];

function Figure({ kind }: { kind: LoadingAnimationKind }) {
  switch (kind) {
    case 'dots':
      return (
        <span className="flex gap-2">
          {[0, 1, 2].map((i) => (
            <span
              key={i}
              className="size-3.5 rounded-full bg-primary"
              style={{ animation: `bounce-dot 1.2s ${i * 0.16}s infinite ease-in-out both` }}
            />
          ))}
        </span>
      );
    case 'bars':
      return (
        <span className="flex h-10 items-center gap-1.5">
          {[0, 1, 2, 3, 4].map((i) => (
            <span
              key={i}
              className="h-full w-1.5 origin-center rounded-full bg-primary"
              style={{ animation: `bar-wave 1s ${i * 0.1}s infinite ease-in-out` }}
            />
          ))}
        </span>
      );
    case 'orbit':
      return (
        <span className="relative size-12" style={{ animation: 'orbit 1.1s linear infinite' }}>
          <span className="absolute inset-0 rounded-full border-4 border-primary/20" />
          <span className="absolute top-0 left-1/2 size-3 -translate-x-1/2 rounded-full bg-primary" />
        </span>
      );
    case 'pulse':
      return (
        <span className="relative grid size-12 place-items-center">
          <span
            className="absolute inset-0 rounded-full bg-primary/40"
            style={{ animation: 'pulse-ring 1.4s ease-out infinite' }}
          />
          <span className="size-5 rounded-full bg-primary" />
        </span>
      );
  }
}

/** One of four loading animations, with a phrase that changes every 2 s. */
/**
 * A random pick of `count`; on the server and while hydrating its HTML, drawn from the render's
 * clock instead, so that the browser picks what the server did (a different animation would make
 * React throw the server's page away and render it again).
 */
const draw = (count: number) =>
  hydratingNow() ? Math.floor(renderNow() / 1000) % count : Math.floor(Math.random() * count);

export function LoadingAnimation({
  kind,
  label = t('Loading posts'),
}: {
  kind?: LoadingAnimationKind;
  label?: string;
}) {
  const [chosen] = useState<LoadingAnimationKind>(
    () => kind ?? LOADING_ANIMATIONS[draw(LOADING_ANIMATIONS.length)] ?? 'dots',
  );
  const [phrase, setPhrase] = useState(() => draw(LOADING_PHRASES.length));
  useEffect(() => {
    const timer = setInterval(
      () => setPhrase((p) => (p + 1) % LOADING_PHRASES.length),
      LOADING_PHRASE_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, []);
  return (
    <div
      role="status"
      aria-label={label}
      className="flex flex-col items-center gap-5 py-12"
      data-animation={chosen}
    >
      <Figure kind={chosen} />
      <p key={phrase} className="phrase-anim text-sm font-medium text-muted-foreground" aria-hidden>
        {t(LOADING_PHRASES[phrase] as string)}
      </p>
    </div>
  );
}
