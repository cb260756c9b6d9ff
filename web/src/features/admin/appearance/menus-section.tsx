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
import { useNavigate, useParams } from 'react-router';
import { MENU_POSITIONS, type Menu, type MenuItem } from '@backbeat/common';
import { NotFoundPage } from '../../../entities/errors/error-pages.tsx';
import { useTrans } from '../../../lib/translator.ts';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';
import { Checkbox } from '../../../ui/text-field.tsx';
import { useAppearanceEditor } from './editor-store.ts';
import { DraftTextField, SectionBody, SectionHeader, SectionLink, setAt } from './fields.tsx';

function useMenus() {
  const menus = useAppearanceEditor((s) => s.draft?.settings.menus ?? []) as Menu[];
  const change = useAppearanceEditor((s) => s.change);
  const setMenus = (update: (menus: Menu[]) => Menu[]) =>
    change((draft) => setAt(draft, ['settings', 'menus'], update(draft.settings.menus as Menu[])));
  return { menus, setMenus };
}

export function MenusSection() {
  const trans = useTrans();
  const { menus } = useMenus();
  return (
    <SectionBody>
      <SectionHeader title={trans('Menus')} back=".." />
      <ul aria-label={trans('Menus')} className="flex flex-col gap-2">
        {menus.map((menu, index) => (
          <li key={menu.id}>
            <SectionLink
              to={String(index)}
              label={trans(menu.name)}
              hint={menu.positions.join(', ')}
            />
          </li>
        ))}
      </ul>
    </SectionBody>
  );
}

/** One item of a menu: a drag handle, its label (which opens it), and keyboard moves. */
function SortableItem({
  item,
  index,
  count,
  move,
}: {
  item: MenuItem;
  index: number;
  count: number;
  move: (from: number, to: number) => void;
}) {
  const trans = useTrans();
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: item.id,
  });
  const label = trans(item.label);
  return (
    <li
      ref={setNodeRef}
      data-testid="menu-item"
      style={{
        transform: transform ? `translate3d(0, ${transform.y}px, 0)` : undefined,
        transition,
      }}
      className="flex items-center gap-1 rounded-lg border border-border bg-bg-elevated pr-1"
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-label={trans('Drag :name', { name: label })}
        className="cursor-grab touch-none p-2 text-fg-muted active:cursor-grabbing"
      >
        <Icon name="dragHandle" size={18} />
      </button>
      <div className="min-w-0 flex-1">
        <SectionLink to={String(index)} label={label} hint={item.action} bare />
      </div>
      <IconButton
        label={trans('Move :name up', { name: label })}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
      >
        <Icon name="arrowUpward" size={16} />
      </IconButton>
      <IconButton
        label={trans('Move :name down', { name: label })}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
      >
        <Icon name="arrowDownward" size={16} />
      </IconButton>
    </li>
  );
}

/** `menus/{menuIndex}`: the menu's name, where it shows, and its items in order. */
export function MenuEditorSection() {
  const trans = useTrans();
  const navigate = useNavigate();
  const menuIndex = Number(useParams().menuIndex);
  const { menus, setMenus } = useMenus();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const menu = menus[menuIndex];
  if (!menu) return <NotFoundPage />;
  const setItems = (items: MenuItem[]) =>
    setMenus((list) => setAt(list, [menuIndex, 'items'], items));
  const move = (from: number, to: number) => setItems(arrayMove(menu.items, from, to));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = menu.items.map((item) => item.id);
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  const addItem = () => {
    const id = Math.random().toString(36).slice(2, 10);
    setItems([...menu.items, { id, type: 'route', label: trans('New link'), action: '/' }]);
    void navigate(String(menu.items.length));
  };
  return (
    <SectionBody>
      <SectionHeader title={trans(menu.name)} back=".." />
      <DraftTextField path={['settings', 'menus', menuIndex, 'name']} label={trans('Menu name')} />
      <fieldset className="flex flex-col gap-1.5">
        <legend className="mb-1 text-sm font-semibold">{trans('Shown in')}</legend>
        {MENU_POSITIONS.map((position) => (
          <Checkbox
            key={position}
            label={position}
            checked={menu.positions.includes(position)}
            onChange={(event) =>
              setMenus((list) =>
                setAt(
                  list,
                  [menuIndex, 'positions'],
                  event.target.checked
                    ? [...menu.positions, position]
                    : menu.positions.filter((p) => p !== position),
                ),
              )
            }
          />
        ))}
      </fieldset>
      <h3 className="text-sm font-semibold">{trans('Items')}</h3>
      {menu.items.length === 0 ? (
        <p className="text-sm text-fg-muted">{trans('This menu has no items yet.')}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext
            items={menu.items.map((item) => item.id)}
            strategy={verticalListSortingStrategy}
          >
            <ol aria-label={trans('Items')} className="flex flex-col gap-1.5">
              {menu.items.map((item, index) => (
                <SortableItem
                  key={item.id}
                  item={item}
                  index={index}
                  count={menu.items.length}
                  move={move}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <Button variant="outline" size="sm" className="w-fit" onClick={addItem}>
        {trans('Add an item')}
      </Button>
    </SectionBody>
  );
}
