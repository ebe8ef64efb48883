import { LayoutGrid, PenSquare } from 'lucide-react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';

/** Browse / Post, under the header. Post needs a signed-in user (the caller decides). */
export function ModeSwitch({
  mode,
  onChange,
}: {
  mode: 'browse' | 'post';
  onChange(mode: 'browse' | 'post'): void;
}) {
  const item = (value: 'browse' | 'post', label: string, Icon: typeof LayoutGrid) => (
    <button
      type="button"
      role="tab"
      aria-selected={mode === value}
      onClick={() => onChange(value)}
      className={cn(
        'flex h-10 flex-1 items-center justify-center gap-2 rounded-xl text-sm font-semibold transition-all',
        mode === value ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      <Icon aria-hidden className="size-4" />
      {label}
    </button>
  );
  return (
    <div role="tablist" aria-label={t('Feed mode')} className="flex gap-1 rounded-2xl bg-muted p-1">
      {item('browse', t('Browse'), LayoutGrid)}
      {item('post', t('Post'), PenSquare)}
    </div>
  );
}
