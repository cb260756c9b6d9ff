import { DialogCloseContext, useDialogStore } from './dialog-store.ts';

/**
 * Renders every open dialog (each a `Dialog`, a native <dialog> opened with showModal(): the
 * browser gives the focus trap, Escape and the inert background). Apart from dialog.tsx so the
 * startup code carries only the host; `Dialog` loads with the code that opens one (issue 22).
 */
export function DialogHost() {
  const dialogs = useDialogStore((s) => s.dialogs);
  const close = useDialogStore((s) => s.close);
  return (
    <>
      {dialogs.map((dialog) => {
        const closeThis = (result?: unknown) => close(dialog.id, result);
        return (
          <DialogCloseContext.Provider key={dialog.id} value={closeThis}>
            {dialog.render(closeThis)}
          </DialogCloseContext.Provider>
        );
      })}
    </>
  );
}
