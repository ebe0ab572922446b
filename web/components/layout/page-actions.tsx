import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const SlotContext = createContext<{ element: HTMLElement | null; setElement: (el: HTMLElement | null) => void } | null>(null);

/** Held by the frame: connects pages' <PageActions> to the header's slot. */
export function PageActionsProvider({ children }: { children: ReactNode }) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  return <SlotContext.Provider value={{ element, setElement }}>{children}</SlotContext.Provider>;
}

/** Where the header shows the current page's actions. */
export function PageActionsSlot({ className }: { className?: string }) {
  const slot = useContext(SlotContext);
  return <div ref={slot?.setElement} className={className} />;
}

/**
 * A page's own buttons in the header ('Verileri Yenile', 'Yeni Talep'):
 * `<PageActions><Button>…</Button></PageActions>` anywhere in the page.
 */
export function PageActions({ children }: { children: ReactNode }) {
  const slot = useContext(SlotContext);
  if (!slot?.element) return null;
  return createPortal(children, slot.element);
}
