import { useRef } from 'react';
import { useTrans } from '../../../lib/translator.ts';
import { IconButton } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icons.tsx';

/** A horizontally scrolling row with previous/next buttons; swipe on touch screens. */
export function Carousel({
  title,
  children,
  action,
}: {
  title: React.ReactNode;
  children: React.ReactNode[];
  action?: React.ReactNode;
}) {
  const trans = useTrans();
  const strip = useRef<HTMLDivElement>(null);
  const scroll = (direction: number) => {
    const element = strip.current;
    if (element)
      element.scrollBy({ left: direction * element.clientWidth * 0.85, behavior: 'smooth' });
  };
  return (
    <section>
      <div className="mb-2 flex items-center gap-2">
        <h2 className="flex-1 text-xl font-bold tracking-tight text-fg">{title}</h2>
        {action}
        <span className="hidden gap-1 md:flex">
          <IconButton label={trans('Scroll back')} onClick={() => scroll(-1)} className="size-8">
            <Icon name="chevronLeft" size={22} />
          </IconButton>
          <IconButton label={trans('Scroll forward')} onClick={() => scroll(1)} className="size-8">
            <Icon name="chevronRight" size={22} />
          </IconButton>
        </span>
      </div>
      <div
        ref={strip}
        className="-mx-2 grid snap-x snap-mandatory auto-cols-[44%] grid-flow-col overflow-x-auto scroll-smooth pb-2 [scrollbar-width:none] @xl/main:auto-cols-[30%] @3xl/main:auto-cols-[22%] @5xl/main:auto-cols-[18%] @7xl/main:auto-cols-[15%]"
      >
        {children.map((child, index) => (
          <div key={index} className="snap-start">
            {child}
          </div>
        ))}
      </div>
    </section>
  );
}
