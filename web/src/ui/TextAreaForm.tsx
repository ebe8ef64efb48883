import { type FormEvent, useState } from 'react';
import { type ButtonVariant, buttonClass } from './button';
import { TextAreaField } from './Field';

/**
 * A form named `name` of one required text area and its small button (answer a review, claim a
 * business). `onSubmit` gets the text, and `clear` to empty the box once the text is taken.
 */
export function TextAreaForm({
  name,
  className,
  field,
  onSubmit,
  action,
  variant,
  busy,
}: {
  name: string;
  className: string;
  field: { label: string; rows: number; maxLength: number };
  onSubmit(text: string, clear: () => void): void;
  action: string;
  variant: ButtonVariant;
  busy: boolean;
}) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(text, () => setText(''));
  };
  return (
    <form className={className} onSubmit={submit} aria-label={name}>
      <TextAreaField {...field} value={text} onChange={(e) => setText(e.target.value)} required />
      <button type="submit" className={buttonClass(variant, 'sm')} disabled={busy}>
        {action}
      </button>
    </form>
  );
}
