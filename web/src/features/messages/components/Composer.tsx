import { COMPOSER_MAX_HEIGHT_PX } from '@waco/contracts';
import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';

/**
 * The message box: grows with its text up to 120 px (then scrolls); Enter sends, Shift+Enter
 * adds a line. Empty or whitespace-only text, or no conversation, does nothing. The box empties
 * at once; when `onSend`'s promise rejects (a limit reached, the network), the text comes back
 * unless something new was typed meanwhile.
 */
export function Composer({
  disabled,
  onSend,
  label = t('Message'),
}: {
  /** No conversation selected (or one that cannot take messages). */
  disabled?: boolean;
  onSend(content: string): Promise<unknown> | undefined;
  label?: string;
}) {
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight, COMPOSER_MAX_HEIGHT_PX)}px`;
    box.style.overflowY = box.scrollHeight > COMPOSER_MAX_HEIGHT_PX ? 'auto' : 'hidden';
  }, [text]);

  const send = () => {
    if (disabled || text.trim() === '') return;
    const sent = onSend(text.trim());
    const typed = text;
    setText('');
    sent?.catch(() => setText((now) => (now === '' ? typed : now)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  const empty = text.trim() === '';
  return (
    <form
      className="flex items-end gap-2 border-t bg-card p-2 sm:p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        ref={ref}
        rows={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-label={label}
        placeholder={t('Type a message…')}
        disabled={disabled}
        style={{ maxHeight: COMPOSER_MAX_HEIGHT_PX }}
        className="min-h-11 flex-1 resize-none rounded-2xl border bg-background px-4 py-2.5 text-[15px] leading-6 outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-primary/40 disabled:opacity-60"
      />
      <button
        type="submit"
        aria-label={t('Send')}
        disabled={disabled || empty}
        className={cn(
          'grid size-11 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground transition-opacity',
          (disabled || empty) && 'opacity-50',
        )}
      >
        <SendHorizontal aria-hidden className="size-5" />
      </button>
    </form>
  );
}
