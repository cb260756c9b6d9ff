import { useTrans } from '../../../lib/translator.ts';
import { Dialog } from '../../../ui/dialog/dialog.tsx';
import type { PlayerAction } from '../actions.ts';

export function ShortcutsDialog({ actions }: { actions: PlayerAction[] }) {
  const trans = useTrans();
  return (
    <Dialog title={trans('Keyboard shortcuts')} size="sm">
      <table className="w-full text-sm">
        <tbody>
          {actions.map((action) => (
            <tr key={action.id} className="border-b border-border last:border-0">
              <td className="py-2.5 pr-4 text-fg">{trans(action.label)}</td>
              <td className="py-2.5 text-right whitespace-nowrap">
                {action.display.map((key) => (
                  <kbd
                    key={key}
                    className="ml-1.5 inline-block min-w-7 rounded-md border border-border bg-bg-alt px-1.5 py-0.5 text-center font-sans text-xs font-semibold text-fg"
                  >
                    {key}
                  </kbd>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
