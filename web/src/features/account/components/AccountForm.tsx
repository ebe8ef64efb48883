import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { buttonClass } from '../../../ui/button';
import { Field } from '../../../ui/Field';
import { LogoMark } from '../../../ui/Logo';

/** The frame of the pages reached from a mail or the sign-in page: the mark, a title, the form. */
export function AccountPage(props: {
  title: string;
  subtitle?: string;
  top?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col px-5 py-6 sm:py-10">
      {props.top}
      <div className="mt-6 flex flex-col items-center text-center">
        <LogoMark size={52} />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{props.title}</h1>
        {props.subtitle ? <p className="mt-1 text-sm text-muted-foreground">{props.subtitle}</p> : null}
      </div>
      {props.children}
    </main>
  );
}

/** A form of one field and its button ("Send me a link", "Save and sign in"). */
export function OneFieldForm(props: {
  name: string;
  field: ComponentProps<typeof Field>;
  action: string;
  busyAction: string;
  busy: boolean;
  disabled?: boolean;
  onSubmit(event: FormEvent): void;
}) {
  return (
    <form noValidate onSubmit={props.onSubmit} className="mt-6 grid gap-4" aria-label={props.name}>
      <Field {...props.field} />
      <button
        type="submit"
        disabled={props.busy || props.disabled}
        className={buttonClass('primary', 'lg', 'w-full')}
      >
        {props.busy ? props.busyAction : props.action}
      </button>
    </form>
  );
}
