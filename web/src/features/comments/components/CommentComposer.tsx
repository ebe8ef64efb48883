import { COMMENT_MAX_LENGTH, type MentionRequest } from '@waco/contracts';
import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { MentionTextarea } from '../../mentions/components/MentionTextarea';

/**
 * A comment's box: a new comment, a reply or an edit. Empty or whitespace-only text sends
 * nothing; Enter with Ctrl or ⌘ sends (Enter alone starts a line: comments may have several).
 * The box empties once the server took it, and keeps the text when it did not. `@` suggests
 * neighbours to mention.
 */
export function CommentComposer({
  label,
  placeholder,
  initial = '',
  initialMentions = [],
  submitLabel,
  autoFocus = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  placeholder: string;
  initial?: string;
  initialMentions?: MentionRequest[];
  submitLabel: string;
  autoFocus?: boolean;
  onSubmit(content: string, mentions: MentionRequest[]): Promise<unknown>;
  onCancel?(): void;
}) {
  const [text, setText] = useState(initial);
  const [mentions, setMentions] = useState(initialMentions);
  const [sending, setSending] = useState(false);
  const empty = text.trim() === '';
  const send = async () => {
    if (empty || sending) return;
    setSending(true);
    try {
      // Only the mentions still in the text (the server places them; others it would drop).
      await onSubmit(
        text.trim(),
        mentions.filter((m) => text.includes(`@${m.name}`)),
      );
      setText('');
      setMentions([]);
    } catch {
      // The hook told why; the text stays to be sent again.
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
    if (event.key === 'Escape' && onCancel) onCancel();
  };
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <MentionTextarea
        value={text}
        onValueChange={setText}
        mentions={mentions}
        onMentionsChange={setMentions}
        rows={2}
        maxLength={COMMENT_MAX_LENGTH}
        autoFocus={autoFocus}
        onKeyDown={onKeyDown}
        aria-label={label}
        placeholder={placeholder}
        className="min-h-16 w-full resize-y rounded-2xl border bg-background px-4 py-2.5 text-[15px] leading-6 outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-primary/40"
      />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button type="button" className={buttonClass('ghost', 'sm')} onClick={onCancel}>
            {t('Cancel')}
          </button>
        )}
        <button type="submit" disabled={empty || sending} className={cn(buttonClass('primary', 'sm'))}>
          <SendHorizontal aria-hidden className="size-4" />
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
