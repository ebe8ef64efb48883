import { CATEGORIES, CATEGORY_CHIPS, NEIGHBORHOODS } from '@waco/contracts';
import { BellRing, CircleDollarSign, Clock, Hash, MapPin, SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { msg, t } from '../../../i18n/i18n';
import { placeName } from '../../../lib/format';
import { Dialog } from '../../../ui/Dialog';
import { useCurrentUser } from '../../auth/hooks/current-user';
import { PriceFilter } from '../../lifecycle/components/PriceFilter';
import { SavedSearchList } from '../../lifecycle/components/SavedSearches';
import { usePopularTags } from '../hooks/popular-tags';
import { useSearchFavourites, useSearchPicks } from '../hooks/search-picks';
import { SearchBox } from './SearchBox';
import { ChipSection, FavouritesSection, Section } from './SearchSections';

/** A guest's Recent Searches (the spec's three), searched in the reader's language. */
export const RECENT_SEARCHES = [msg('vintage furniture'), msg('part-time jobs'), msg('weekend events')];

/** The full-screen search: a text box, favourites or recent searches, popular tags, quick filters. */
export default function SearchModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const { isSignedIn } = useCurrentUser();
  const favourites = useSearchFavourites(open);
  const popularTags = usePopularTags(open);
  const { filters, runSearch, apply, searchIn, applyPrice, runSaved } = useSearchPicks(() =>
    onOpenChange(false),
  );
  // Kept here, where it outlives a close of the dialog: the search reopens on what was typed.
  const [text, setText] = useState(filters.search ?? '');

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('Search')} layout="full" className="p-4 sm:p-6">
      <SearchBox text={text} onText={setText} onSearch={runSearch} />
      {isSignedIn ? (
        <FavouritesSection
          favourites={favourites.data}
          onPick={(usage) => apply(usage.filterType, usage.filterValue)}
        />
      ) : (
        <ChipSection
          title={t('Recent Searches')}
          icon={Clock}
          items={RECENT_SEARCHES.map((search) => t(search))}
          onPick={runSearch}
        />
      )}
      <Section title={t('Price & Order')} icon={<CircleDollarSign aria-hidden className="size-4" />}>
        <PriceFilter filters={filters} onApply={applyPrice} />
      </Section>
      {isSignedIn && (
        <Section title={t('Saved Searches')} icon={<BellRing aria-hidden className="size-4" />}>
          <SavedSearchList onRun={runSaved} />
        </Section>
      )}
      <ChipSection
        title={t('Popular Tags')}
        icon={Hash}
        items={popularTags}
        onPick={(tag) => apply('tag', tag)}
      />
      <ChipSection
        title={t('Quick Filters')}
        icon={SlidersHorizontal}
        items={CATEGORIES}
        labelOf={(category) => t(CATEGORY_CHIPS[category])}
        onPick={(category) => apply('category', category)}
      />
      {/* The phone's way to a neighbourhood (the desktop's panel has its own): the words typed
          in the box, if any, are searched there. */}
      <ChipSection
        title={t('Neighbourhoods')}
        icon={MapPin}
        items={NEIGHBORHOODS}
        labelOf={(neighborhood) => placeName(neighborhood)}
        onPick={(neighborhood) => searchIn(neighborhood, text)}
      />
    </Dialog>
  );
}
