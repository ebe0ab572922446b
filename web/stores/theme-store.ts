import { create } from 'zustand';
import { SESSION } from '@common/constants';

export type Theme = 'light' | 'dark';

function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(SESSION.themeStorageKey);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** The remembered choice, else the system preference (spec §9). */
export function initialTheme(): Theme {
  return storedTheme() ?? systemTheme();
}

/** Sets the class Tailwind's `dark:` variant keys on; called before the first render too, so nothing flashes. */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

interface ThemeState {
  theme: Theme;
  setTheme(theme: Theme): void;
  toggle(): void;
}

export const useThemeStore = create<ThemeState>()((set, get) => ({
  theme: initialTheme(),
  setTheme(theme) {
    applyTheme(theme);
    try {
      localStorage.setItem(SESSION.themeStorageKey, theme);
    } catch {
      // Private mode may refuse storage; the choice then lasts for this page only.
    }
    set({ theme });
  },
  toggle() {
    get().setTheme(get().theme === 'dark' ? 'light' : 'dark');
  },
}));
