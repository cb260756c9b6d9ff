import { Link } from 'react-router';
import { userLink, type PlaylistDetails } from '@backbeat/common';
import { useTrans } from '../../lib/translator.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Icon } from '../../ui/icons.tsx';

/** Marks a playlist whose invited editors may change its tracks. */
export function CollaborativeBadge() {
  const trans = useTrans();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary/15 px-2 py-0.5 text-[11px] font-semibold tracking-normal text-primary normal-case">
      <Icon name="group" size={14} />
      {trans('Collaborative')}
    </span>
  );
}

/** Who edits a collaborative playlist with its owner, as avatars with names. */
export function PlaylistEditors({ playlist }: { playlist: PlaylistDetails }) {
  const trans = useTrans();
  if (!playlist.is_collaborative || !playlist.editors.length) return null;
  return (
    <div className="flex flex-wrap items-center justify-center gap-2 pt-2 md:justify-start">
      <span>{trans('Edited with')}</span>
      <ul aria-label={trans('Editors')} className="flex flex-wrap items-center gap-2">
        {playlist.editors.map((editor) => (
          <li key={editor.id}>
            <Link
              to={userLink(editor)}
              className="inline-flex items-center gap-1.5 rounded-full py-0.5 pr-2 pl-0.5 text-fg hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
            >
              <Avatar name={editor.name} image={editor.image} id={editor.id} size={22} />
              <span className="text-xs font-medium">{editor.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
