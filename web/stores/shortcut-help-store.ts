import { create } from 'zustand';

/** Whether the keyboard shortcuts' list ('?') is open: the app's key handler and the board's hint both open it. */
export const useShortcutHelp = create<{ open: boolean; setOpen: (open: boolean) => void }>((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
