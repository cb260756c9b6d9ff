import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import clsx from 'clsx';
import { formatDuration } from '@backbeat/common';
import { useTrans, useTransChoice } from '../../../lib/translator.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { Artwork } from '../../../entities/catalog/artwork.tsx';
import { player, usePlayerStore } from '../../../entities/player/player-store.ts';
import type { QueueItem } from '../../../entities/player/queue.ts';
import { Equalizer } from '../../../entities/player/play-button.tsx';

function QueueRow({ item, index, current }: { item: QueueItem; index: number; current: boolean }) {
  const trans = useTrans();
  const status = usePlayerStore((s) => s.status);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
  });
  const { track } = item;
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: transform ? `translate3d(0, ${transform.y}px, 0)` : undefined,
        transition,
      }}
      data-testid="queue-item"
      aria-current={current ? 'true' : undefined}
      className={clsx(
        'group flex items-center gap-2 rounded-lg py-1.5 pr-1 pl-0.5',
        // The current row is marked by its primary title and the equaliser, not a primary
        // tint: the primary title on it fell below 4.5:1 (4.06 in the light theme).
        isDragging ? 'z-10 bg-bg-elevated shadow-lg' : 'hover:bg-bg-hover',
      )}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={trans('Move :name', { name: track.name })}
        className="cursor-grab touch-none rounded p-1 text-fg-muted opacity-60 group-hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-primary active:cursor-grabbing"
      >
        <Icon name="dragHandle" size={18} />
      </button>
      <button
        type="button"
        onClick={() => player.playAt(index)}
        className="flex min-w-0 flex-1 items-center gap-3 text-left focus-visible:outline-none"
      >
        {/* Named by what it shows, after "Play" (axe: a label must hold the visible text). */}
        <span className="sr-only">{trans('Play')} </span>
        <span className="relative">
          <Artwork src={track.image} size={40} />
          {current && (
            <span className="absolute inset-0 flex items-center justify-center rounded-md bg-black/45">
              <Equalizer paused={status !== 'playing'} />
            </span>
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span
            data-testid="queue-item-name"
            className={clsx(
              'block truncate text-sm font-medium',
              current ? 'text-primary' : 'text-fg',
            )}
          >
            {track.name}
          </span>
          <span className="block truncate text-xs text-fg-muted">
            {track.artists.map((a) => a.name).join(', ')}
          </span>
        </span>
        <span className="text-xs text-fg-muted tabular-nums">{formatDuration(track.duration)}</span>
      </button>
      <IconButton
        label={trans('Remove :name from the queue', { name: track.name })}
        onClick={() => player.remove(item.key)}
        className="size-8 opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
      >
        <Icon name="close" size={16} />
      </IconButton>
    </li>
  );
}

/** The queue: now playing and what comes next; drag (or Space and arrows) to reorder. */
export default function QueuePanel() {
  const trans = useTrans();
  const transChoice = useTransChoice();
  const queue = usePlayerStore((s) => s.queue);
  const index = usePlayerStore((s) => s.index);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => queue.find((i) => i.key === id)?.track.name ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) => queue.findIndex((i) => i.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => trans('Picked up :name.', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      trans(':name was moved to position :position.', {
        name: nameOf(active.id),
        position: positionOf(over?.id),
      }),
    onDragEnd: ({ active, over }) =>
      trans(':name was dropped at position :position.', {
        name: nameOf(active.id),
        position: positionOf(over?.id),
      }),
    onDragCancel: ({ active }) => trans('Moving :name was cancelled.', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = queue.findIndex((i) => i.key === active.id);
    const to = queue.findIndex((i) => i.key === over.id);
    if (from !== -1 && to !== -1) player.move(from, to);
  };

  return (
    <aside
      aria-label={trans('Queue')}
      className="fixed inset-0 z-40 flex flex-col bg-bg md:static md:z-auto md:w-[340px] md:shrink-0 md:border-l md:border-border"
    >
      <header className="flex items-center gap-2 border-b border-border px-4 py-3">
        <h2 className="flex-1 text-base font-bold">{trans('Queue')}</h2>
        {queue.length > 1 && (
          <Button variant="text" size="xs" onClick={player.clearUpcoming}>
            {trans('Clear queue')}
          </Button>
        )}
        <IconButton label={trans('Close the queue')} onClick={() => player.setQueueOpen(false)}>
          <Icon name="close" size={20} />
        </IconButton>
      </header>
      {queue.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 px-8 text-center text-sm text-fg-muted">
          <Icon name="queue" size={36} />
          <p className="font-medium text-fg">{trans('Your queue is empty')}</p>
          <p>{trans('Play something, or add tracks with “Add to queue”.')}</p>
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto px-2 py-3">
          <p className="px-2 pb-2 text-xs text-fg-muted">
            {transChoice(':count track|:count tracks', queue.length)}
          </p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable: trans(
                  'Press Space to pick up a track, the arrow keys to move it, and Space again to drop it. Escape cancels.',
                ),
              },
            }}
          >
            <SortableContext items={queue.map((i) => i.key)} strategy={verticalListSortingStrategy}>
              <ol className="flex flex-col gap-0.5">
                {queue.map((item, i) => (
                  <QueueRow key={item.key} item={item} index={i} current={i === index} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </div>
      )}
    </aside>
  );
}
