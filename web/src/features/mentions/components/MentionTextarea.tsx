import type { MentionRequest, MentionSuggestion } from '@waco/contracts';
import {
  type KeyboardEvent,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { t } from '../../../i18n/i18n';
import { Avatar } from '../../../ui/Avatar';
import { cn } from '../../../ui/cn';
import { displayName, initialOf } from '../../auth/hooks/current-user';
import { useMentionSuggestions } from '../hooks/mention-suggestions';

/**
 * What is being typed after an `@` just before the caret: a name's start, at most two words
 * ("@Ana", "@Ana Di"). The `@` starts the text or follows a space or an opening bracket, so an
 * email address suggests nobody.
 */
const MENTION_QUERY = /(?:^|[\s(])@([\p{L}\p{M}\p{N}'.-]{1,30}(?: [\p{L}\p{M}\p{N}'.-]{0,30})?)$/u;

interface Typing {
  /** Where its `@` is. */
  at: number;
  prefix: string;
}

function typingAt(text: string, caret: number): Typing | null {
  const found = MENTION_QUERY.exec(text.slice(0, caret));
  if (!found) return null;
  const prefix = found[1] as string;
  return { at: caret - prefix.length - 1, prefix };
}

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>;

/**
 * A text box that suggests neighbours when `@` is typed, as GitHub's and Slack's do: the box keeps
 * the focus and names the highlighted suggestion (`aria-activedescendant`); ↑ and ↓ move, Enter or
 * Tab chooses, Escape closes the list (and only the list); a tap chooses on a phone. A chosen
 * person is written `@First Last` and added to `mentions`, which the server checks and places.
 */
export function MentionTextarea({
  value,
  onValueChange,
  mentions,
  onMentionsChange,
  onKeyDown,
  className,
  ...props
}: TextareaProps & {
  value: string;
  onValueChange(text: string): void;
  mentions: MentionRequest[];
  onMentionsChange(mentions: MentionRequest[]): void;
}) {
  const box = useRef<HTMLTextAreaElement>(null);
  const [typing, setTyping] = useState<Typing | null>(null);
  const [active, setActive] = useState(0);
  const [caretTo, setCaretTo] = useState<number | null>(null);
  const users = useMentionSuggestions(typing?.prefix ?? null);
  const open = typing !== null && users.length > 0;
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;
  const current = Math.min(active, users.length - 1);

  const follow = (text: string, caret: number) => {
    setTyping(typingAt(text, caret));
    setActive(0);
  };

  const choose = (user: MentionSuggestion) => {
    if (!typing) return;
    const name = displayName(user);
    const end = typing.at + 1 + typing.prefix.length;
    const inserted = `@${name} `;
    onValueChange(`${value.slice(0, typing.at)}${inserted}${value.slice(end)}`);
    onMentionsChange([...mentions.filter((m) => m.userId !== user.id), { userId: user.id, name }]);
    setTyping(null);
    setCaretTo(typing.at + inserted.length);
  };

  // The caret goes after the inserted name once the box shows it.
  useLayoutEffect(() => {
    if (caretTo === null || !box.current) return;
    box.current.focus();
    box.current.setSelectionRange(caretTo, caretTo);
    setCaretTo(null);
  }, [caretTo]);

  // Escape closes the list before a dialog around the box hears it (it listens on the document,
  // capturing): the window's capture comes first.
  useEffect(() => {
    if (!open) return;
    const closeList = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== box.current) return;
      event.stopPropagation();
      event.preventDefault();
      setTyping(null);
    };
    window.addEventListener('keydown', closeList, true);
    return () => window.removeEventListener('keydown', closeList, true);
  }, [open]);

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + users.length) % users.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) {
        event.preventDefault();
        const user = users[current];
        if (user) choose(user);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative">
      <textarea
        {...props}
        ref={box}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => {
          const target = event.currentTarget;
          const next = typingAt(target.value, target.selectionStart);
          if (next?.at !== typing?.at || next?.prefix !== typing?.prefix)
            follow(target.value, target.selectionStart);
        }}
        onBlur={() => setTyping(null)}
        onKeyDown={keyDown}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(current) : undefined}
        className={className}
      />
      <span className="sr-only" aria-live="polite">
        {open
          ? t('{count, plural, one {# person} other {# people}} to mention', { count: users.length })
          : ''}
      </span>
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={t('People to mention')}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded-2xl border bg-card p-1 shadow-lg"
        >
          {users.map((user, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text box's (it keeps the focus and names this option)
            <div
              key={user.id}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === current}
              // The box keeps the focus: a press on an option does not blur it first.
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => choose(user)}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 py-1.5 text-sm',
                i === current && 'bg-muted',
              )}
            >
              <Avatar initial={initialOf(user)} seed={user.id} imageUrl={user.profileImageUrl} size={28} />
              <span className="font-medium">{displayName(user)}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
