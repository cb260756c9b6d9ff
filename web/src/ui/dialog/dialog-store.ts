import { createContext, type ReactNode } from 'react';
import { create } from 'zustand';

interface OpenDialog {
  id: number;
  render: (close: (result?: unknown) => void) => ReactNode;
  resolve: (result: unknown) => void;
}

interface DialogState {
  dialogs: OpenDialog[];
  close(id: number, result?: unknown): void;
}

let nextId = 1;

/** How a dialog closes itself: given by the host (dialog-host.tsx), read by `Dialog`. */
export const DialogCloseContext = createContext<(result?: unknown) => void>(() => {});

export const useDialogStore = create<DialogState>((set, get) => ({
  dialogs: [],
  close(id, result) {
    get()
      .dialogs.find((d) => d.id === id)
      ?.resolve(result);
    set((state) => ({ dialogs: state.dialogs.filter((d) => d.id !== id) }));
  },
}));

/** Opens a dialog in the modal host; resolves with what it closed with (undefined on Escape). */
export function openDialog<T>(
  render: (close: (result?: T) => void) => ReactNode,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    const id = nextId++;
    useDialogStore.setState((state) => ({
      dialogs: [
        ...state.dialogs,
        {
          id,
          render: render as OpenDialog['render'],
          resolve: resolve as OpenDialog['resolve'],
        },
      ],
    }));
  });
}

export const closeAllDialogs = () => {
  for (const dialog of useDialogStore.getState().dialogs)
    useDialogStore.getState().close(dialog.id);
};
