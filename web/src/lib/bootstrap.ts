import { create } from 'zustand';
import type { BootstrapData, User } from '@backbeat/common';

declare global {
  interface Window {
    bootstrapData?: BootstrapData;
  }
}

interface BootstrapState {
  data: BootstrapData;
  /** Replaces everything, as after login and logout (spec §3). */
  replace(data: BootstrapData): void;
  patch(partial: Partial<BootstrapData>): void;
}

function initialData(): BootstrapData {
  if (!window.bootstrapData) {
    throw new Error('The page was served without bootstrap data.');
  }
  return window.bootstrapData;
}

export const useBootstrapStore = create<BootstrapState>((set) => ({
  data: initialData(),
  replace: (data) => set({ data }),
  patch: (partial) => set((state) => ({ data: { ...state.data, ...partial } })),
}));

export const useBootstrap = <T>(select: (data: BootstrapData) => T): T =>
  useBootstrapStore((state) => select(state.data));

export const useCurrentUser = (): User | null => useBootstrap((d) => d.user);
export const useSettings = () => useBootstrap((d) => d.settings);

export const getBootstrap = () => useBootstrapStore.getState().data;
