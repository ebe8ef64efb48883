import { cn } from './cn';

const TONES = [
  'bg-teal-600 text-white',
  'bg-sky-600 text-white',
  'bg-violet-600 text-white',
  'bg-rose-600 text-white',
  'bg-amber-600 text-white',
  'bg-emerald-700 text-white',
];

/** A round avatar: the picture when there is one, else the initial on a colour fixed per person. */
export function Avatar({
  initial,
  seed,
  imageUrl,
  size = 40,
  className,
}: {
  initial: string;
  seed: string;
  imageUrl?: string | null;
  size?: number;
  className?: string;
}) {
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  const tone = TONES[Math.abs(hash) % TONES.length];
  return (
    <span
      aria-hidden
      className={cn(
        'inline-grid shrink-0 place-items-center overflow-hidden rounded-full font-semibold',
        tone,
        className,
      )}
      style={{ width: size, height: size, fontSize: size * 0.42 }}
    >
      {imageUrl ? <img src={`${imageUrl}?w=480`} alt="" className="size-full object-cover" /> : initial}
    </span>
  );
}
