import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { Link } from 'react-router';
import type { BackstageTrack } from '@backbeat/common';
import { useTrans } from '../../../lib/translator.ts';
import { useEditorBase } from './editor-base.ts';
import { buttonClass } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';

function Row({ track, position }: { track: BackstageTrack; position: number }) {
  const trans = useTrans();
  const base = useEditorBase();
  const sortable = useSortable({ id: track.id });
  return (
    <li
      ref={sortable.setNodeRef}
      style={{
        transform: sortable.transform
          ? `translate3d(${sortable.transform.x}px, ${sortable.transform.y}px, 0)`
          : undefined,
        transition: sortable.transition,
      }}
      className="flex items-center gap-3 border-t border-border bg-bg px-3 py-2 text-sm first:border-t-0"
    >
      <button
        type="button"
        className="cursor-grab rounded p-1 text-fg-muted hover:bg-bg-hover focus-visible:outline-2 focus-visible:outline-primary"
        aria-label={trans('Move :name', { name: track.name })}
        {...sortable.attributes}
        {...sortable.listeners}
      >
        <Icon name="menu" size={18} />
      </button>
      <span className="w-6 tabular-nums">{position}</span>
      <span className="min-w-0 flex-1 truncate font-medium">{track.name}</span>
      <span className="hidden text-xs text-fg-muted sm:inline">
        {track.status === 'published' ? trans('Published') : trans('Draft')}
      </span>
      <Link
        to={`${base}/tracks/${track.id}/edit`}
        className={buttonClass('text', 'xs')}
        aria-label={trans('Edit :name', { name: track.name })}
      >
        {trans('Edit')}
      </Link>
    </li>
  );
}

/** The album's tracks in order; drag a row (or use the keyboard on its handle) to move it. */
export function AlbumTracksOrder({
  tracks,
  onReorder,
}: {
  tracks: BackstageTrack[];
  onReorder: (ids: number[]) => void;
}) {
  const trans = useTrans();
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = tracks.map((t) => t.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  if (!tracks.length) {
    return (
      <p className="text-sm text-fg-muted">
        {trans('No tracks yet. Upload audio or add tracks to this album.')}
      </p>
    );
  }
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol
          aria-label={trans('Track order')}
          className="overflow-hidden rounded-xl border border-border"
        >
          {tracks.map((track, index) => (
            <Row key={track.id} track={track} position={index + 1} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
