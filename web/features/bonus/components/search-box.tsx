import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@web/components/ui';

export const SEARCH_PLACEHOLDER = 'Kullanıcı ID veya açıklama ara...';
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box: the table follows what is typed once typing pauses, not on every key.
 * A value arriving from outside (back button, a shared link) replaces what the box shows.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="relative w-full sm:max-w-sm">
      <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-zinc-400" />
      <Input
        label="Ara"
        hideLabel
        type="search"
        placeholder={SEARCH_PLACEHOLDER}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
        className="pl-9"
      />
    </div>
  );
}
