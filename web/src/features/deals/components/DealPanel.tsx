import { type Deal, type Offer, RATING_NOTE_MAX, RATING_SCORES } from '@waco/contracts';
import { Star } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { t } from '../../../i18n/i18n';
import { buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { inputClass } from '../../../ui/Field';
import { useDeal, useDealActions } from '../hooks/deals';
import { offerAmount } from '../lib/deal-words';

const chip = 'inline-flex h-6 items-center rounded-full px-2.5 text-xs font-semibold';

const STATE_WORDS = {
  available: () => t('Available'),
  pending: () => t('Pending'),
  sold: () => t('Sold'),
  closed: () => t('Sold'),
} as const;

const STATUS_WORDS: Record<Offer['status'], () => string> = {
  open: () => t('Waiting for an answer'),
  accepted: () => t('Accepted'),
  declined: () => t('Declined'),
  countered: () => t('Countered'),
};

/**
 * The deal in a conversation about a post, under the thread's header: the offers made (and
 * their answers), the form to make, accept, decline or counter one, the seller's "Mark sold to"
 * and "Back to available", and, once it is sold between the two, the rating each gives the other.
 */
export function DealPanel({
  conversationId,
  me,
  otherName,
  otherId,
}: {
  conversationId: string;
  me: string;
  otherId: string;
  otherName: string;
}) {
  const deal = useDeal(conversationId, Boolean(me));
  const post = deal.data?.post;
  const actions = useDealActions(conversationId, post?.id);
  if (!deal.data || !post || post.state === null) return null;
  const offers = deal.data.offers.filter((o) => o.postId === post.id);
  const open = offers.find((o) => o.status === 'open');
  const accepted = offers.find((o) => o.status === 'accepted');
  const selling = post.ownerId === me;
  const state = post.state;
  return (
    <section
      aria-label={t('Offers')}
      className="grid gap-2 border-b bg-muted/40 px-3 py-2.5 text-sm"
      data-testid="deal"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{t('Offers')}</h3>
        <span
          className={cn(
            chip,
            state === 'pending' ? 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100' : 'bg-muted',
          )}
          data-testid="deal-state"
        >
          {STATE_WORDS[state]()}
        </span>
      </div>
      {offers.length > 0 && (
        <ol className="grid gap-1">
          {offers.map((offer) => (
            <li key={offer.id} className="flex flex-wrap items-center gap-x-2" data-testid="offer">
              <span>
                {offer.fromId === me
                  ? t('You offered {amount}', { amount: offerAmount(offer.amountCents) })
                  : t('{name} offered {amount}', { name: otherName, amount: offerAmount(offer.amountCents) })}
              </span>
              <span
                className={cn(
                  'text-xs',
                  offer.status === 'accepted'
                    ? 'font-semibold text-green-700 dark:text-green-400'
                    : 'text-muted-foreground',
                )}
              >
                · {STATUS_WORDS[offer.status]()}
              </span>
            </li>
          ))}
        </ol>
      )}
      {open && open.toId === me && state !== 'sold' && (
        <Answer
          offer={open}
          busy={actions.answer.isPending}
          onAnswer={(body) => actions.answer.mutate({ offerId: open.id, ...body })}
        />
      )}
      {!selling && !open && !accepted && state === 'available' && (
        <AmountForm
          label={t('Your offer ($)')}
          submit={t('Send offer')}
          busy={actions.offer.isPending}
          onAmount={(amount) => actions.offer.mutateAsync(amount)}
        />
      )}
      {selling && (state === 'available' || state === 'pending') && (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass('primary', 'sm')}
            disabled={actions.sellTo.isPending}
            onClick={() => actions.sellTo.mutate(otherId)}
          >
            {t('Mark sold to {name}', { name: otherName })}
          </button>
          {state === 'pending' && (
            <button
              type="button"
              className={buttonClass('outline', 'sm')}
              disabled={actions.backToAvailable.isPending}
              onClick={() => actions.backToAvailable.mutate()}
            >
              {t('Back to available')}
            </button>
          )}
        </div>
      )}
      {deal.data.canRate && (
        <RatingForm
          name={otherName}
          busy={actions.rate.isPending}
          onRate={(score, note) => actions.rate.mutateAsync({ postId: post.id, score, note })}
        />
      )}
      {deal.data.rated && (
        <p className="text-muted-foreground">{t('You rated {name}. Thank you!', { name: otherName })}</p>
      )}
    </section>
  );
}

function Answer({
  offer,
  busy,
  onAnswer,
}: {
  offer: Offer;
  busy: boolean;
  onAnswer(body: { answer: 'accept' | 'decline' } | { answer: 'counter'; amount: string }): void;
}) {
  const [countering, setCountering] = useState(false);
  if (countering)
    return (
      <AmountForm
        label={t('Your counter-offer ($)')}
        submit={t('Send counter-offer')}
        busy={busy}
        onAmount={async (amount) => onAnswer({ answer: 'counter', amount })}
        onCancel={() => setCountering(false)}
      />
    );
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">
        {t('Answer the offer of {amount}', { amount: offerAmount(offer.amountCents) })}
      </legend>
      {(
        [
          [t('Accept'), 'primary', () => onAnswer({ answer: 'accept' })],
          [t('Counter'), 'outline', () => setCountering(true)],
          [t('Decline'), 'ghost', () => onAnswer({ answer: 'decline' })],
        ] as const
      ).map(([label, variant, onClick]) => (
        <button
          key={label}
          type="button"
          className={buttonClass(variant, 'sm')}
          disabled={busy}
          onClick={onClick}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

/** An amount in dollars and its button; the server says what is wrong with it. */
function AmountForm({
  label,
  submit,
  busy,
  onAmount,
  onCancel,
}: {
  label: string;
  submit: string;
  busy: boolean;
  onAmount(amount: string): Promise<unknown>;
  onCancel?(): void;
}) {
  const [amount, setAmount] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!amount.trim()) return;
    void onAmount(amount.trim()).then(
      () => setAmount(''),
      () => undefined,
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
      <label className="grid gap-1">
        <span className="text-xs font-medium">{label}</span>
        <input
          className={cn(inputClass, 'h-9 w-32')}
          inputMode="decimal"
          value={amount}
          maxLength={12}
          onChange={(e) => setAmount(e.target.value)}
          placeholder="0.00"
        />
      </label>
      <button type="submit" className={buttonClass('primary', 'sm')} disabled={busy || !amount.trim()}>
        {submit}
      </button>
      {onCancel && (
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onCancel}>
          {t('Cancel')}
        </button>
      )}
    </form>
  );
}

/** One to five stars and a short note: the rating of the other, given once. */
function RatingForm({
  name,
  busy,
  onRate,
}: {
  name: string;
  busy: boolean;
  onRate(score: number, note: string): Promise<Deal>;
}) {
  const [score, setScore] = useState(0);
  const [note, setNote] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (score > 0 && note.trim()) void onRate(score, note.trim()).catch(() => undefined);
  };
  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-2 rounded-xl border bg-card p-3"
      aria-label={t('Rate {name}', { name })}
    >
      <p className="font-medium">{t('How did it go with {name}?', { name })}</p>
      <div className="flex gap-1">
        {RATING_SCORES.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={score === n}
            aria-label={t('{count} stars', { count: n })}
            onClick={() => setScore(n)}
            className="grid size-9 place-items-center rounded-full hover:bg-muted"
          >
            <Star
              aria-hidden
              className={cn('size-6', n <= score ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground')}
            />
          </button>
        ))}
      </div>
      <label className="grid gap-1">
        <span className="text-xs font-medium">{t('A short note')}</span>
        <textarea
          className={cn(inputClass, 'h-16 py-2')}
          value={note}
          maxLength={RATING_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <button
        type="submit"
        className={buttonClass('primary', 'sm', 'justify-self-start')}
        disabled={busy || score === 0 || !note.trim()}
      >
        {t('Send rating')}
      </button>
    </form>
  );
}
