import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { cn } from './cn';

export const inputClass =
  'h-11 w-full rounded-xl border bg-card px-3.5 text-base text-foreground placeholder:text-muted-foreground/80 transition-colors outline-none focus:border-primary focus:ring-2 focus:ring-primary/25 aria-[invalid=true]:border-red-500 sm:text-sm';

interface FrameProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The label, hint and error around a control; the control gets the ids and ARIA it needs. */
function FieldFrame({
  label,
  error,
  hint,
  className,
  control,
}: FrameProps & {
  className?: string;
  control(aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }): ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {hint && !error ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FrameOwn = FrameProps & { className?: string };

/** Splits a field's props: the frame's (label, error, hint, wrapper class) and the control's. */
function splitFrame<P extends FrameOwn>({ label, error, hint, className, ...control }: P) {
  return [{ label, error, hint, className }, control] as const;
}

/** A labelled input with its error message tied to it for screen readers. */
export function Field(props: FrameProps & InputHTMLAttributes<HTMLInputElement>) {
  const [frame, input] = splitFrame(props);
  return <FieldFrame {...frame} control={(aria) => <input {...aria} className={inputClass} {...input} />} />;
}

/** A labelled text area, like `Field`, as tall as its rows; `inputClassName` is added to its classes. */
export function TextAreaField(
  props: FrameProps &
    TextareaHTMLAttributes<HTMLTextAreaElement> & {
      inputClassName?: string;
      /** Draws the text area itself (one that suggests as you type), given its props. */
      renderTextarea?(props: TextareaHTMLAttributes<HTMLTextAreaElement>): ReactNode;
    },
) {
  const [frame, { inputClassName, renderTextarea, ...textarea }] = splitFrame(props);
  return (
    <FieldFrame
      {...frame}
      control={(aria) => {
        const all = { ...aria, className: cn(inputClass, 'h-auto py-2.5', inputClassName), ...textarea };
        return renderTextarea ? renderTextarea(all) : <textarea {...all} />;
      }}
    />
  );
}
