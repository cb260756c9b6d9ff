import type { ArtistRef } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { ChipsPicker } from '../../../ui/chips-picker.tsx';
import { useArtistOptions } from '../queries.ts';

/** Chooses artists by name; `single` keeps one choice (requests). */
export function ArtistPicker({
  label,
  value,
  onChange,
  single = false,
  error,
}: {
  label: string;
  value: ArtistRef[];
  onChange: (artists: ArtistRef[]) => void;
  single?: boolean;
  error?: string;
}) {
  const trans = useTrans();
  return (
    <ChipsPicker
      label={label}
      value={value}
      onChange={onChange}
      useSearch={useArtistOptions}
      searchLabel={trans('Search artists')}
      chosenLabel={trans('Chosen artists')}
      matchesLabel={trans('Matching artists')}
      noMatches={trans('No artists match.')}
      single={single}
      error={error}
    />
  );
}
