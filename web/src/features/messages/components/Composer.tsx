import { COMPOSER_MAX_HEIGHT_PX, MESSAGE_PHOTOS_MAX, thumbnailUrl } from '@waco/contracts';
import { ImagePlus, SendHorizontal, X } from 'lucide-react';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { cn } from '../../../ui/cn';
import { useMessagePhotos } from '../hooks/message-photos';

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
  onSend(content: string, imagePaths?: string[]): Promise<unknown> | undefined;
  label?: string;
}) {
  const [text, setText] = useState('');
  const photos = useMessagePhotos();
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
    // Words, a photo, or both: a photo may go on its own.
    if (disabled || (text.trim() === '' && photos.paths.length === 0) || photos.uploading) return;
    const attached = photos.paths;
    const sent = attached.length > 0 ? onSend(text.trim(), attached) : onSend(text.trim());
    const typed = text;
    setText('');
    photos.clear();
    sent?.catch(() => setText((now) => (now === '' ? typed : now)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
  const empty = text.trim() === '' && photos.paths.length === 0;
  return (
    <form
      className="flex flex-wrap items-end gap-2 border-t bg-card p-2 sm:p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      {photos.paths.length > 0 && (
        <ul className="flex w-full gap-2" aria-label={t('Photos to send')}>
          {photos.paths.map((path) => (
            <li key={path} className="relative">
              <img src={thumbnailUrl(path)} alt="" className="size-14 rounded-lg object-cover" />
              <button
                type="button"
                aria-label={t('Remove photo')}
                onClick={() => photos.remove(path)}
                className="absolute -top-1.5 -right-1.5 grid size-6 place-items-center rounded-full bg-foreground text-background"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label
        className={cn(
          'grid size-11 shrink-0 cursor-pointer place-items-center rounded-full text-muted-foreground hover:bg-muted',
          (disabled || photos.uploading || photos.paths.length >= MESSAGE_PHOTOS_MAX) &&
            'pointer-events-none opacity-50',
        )}
      >
        <ImagePlus aria-hidden className="size-5" />
        <span className="sr-only">{photos.uploading ? t('Uploading…') : t('Add photos')}</span>
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          className="sr-only"
          disabled={disabled || photos.uploading}
          onChange={(event) => {
            void photos.add(event.target.files);
            event.target.value = '';
          }}
        />
      </label>
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
        disabled={disabled || empty || photos.uploading}
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
