import { Moon, Sun } from 'lucide-react';
import { Button } from '@web/components/ui';
import { useThemeStore } from '@web/stores/theme-store';

export function ThemeToggle({ className }: { className?: string }) {
  const theme = useThemeStore((s) => s.theme);
  const toggle = useThemeStore((s) => s.toggle);
  const dark = theme === 'dark';
  return (
    <Button
      variant="ghost"
      size="icon"
      icon={dark ? Sun : Moon}
      onClick={toggle}
      aria-label={dark ? 'Açık temaya geç' : 'Koyu temaya geç'}
      title={dark ? 'Açık temaya geç' : 'Koyu temaya geç'}
      className={className}
    />
  );
}
