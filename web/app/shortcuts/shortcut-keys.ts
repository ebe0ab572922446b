import { isTypingTarget } from '@web/entities/bonus-request/model/card-keys';

/** How long the second key of a 'g' sequence may follow the first. */
export const SEQUENCE_MS = 1_500;

/** The global shortcuts, as the '?' dialog lists them (issue 15); a card's own keys are in card-keys.ts. */
export const SHORTCUTS: readonly { keys: string[]; label: string }[] = [
  { keys: ['j'], label: 'Sonraki talep' },
  { keys: ['k'], label: 'Önceki talep' },
  { keys: ['h'], label: 'Soldaki sütun' },
  { keys: ['l'], label: 'Sağdaki sütun' },
  { keys: ['Enter'], label: 'Talebin detayını aç' },
  { keys: ['a'], label: 'Talebi üzerime al' },
  { keys: ['t'], label: 'Talebi tamamla (onay penceresi açılır)' },
  { keys: ['r'], label: 'Talebi tekrar sıraya al' },
  { keys: ['/'], label: 'Aramaya geç' },
  { keys: ['g', 'd'], label: "Panel'e git" },
  { keys: ['g', 'b'], label: "Bonus Talepleri'ne git" },
  { keys: ['?'], label: 'Bu yardımı aç' },
];

export const GO_TO: Record<string, string> = { d: '/dashboard', b: '/bonus' };

/** A global shortcut may act: no modifier, not while typing, not under an open dialog. */
export function shortcutAllowed(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTypingTarget(event.target)) return false;
  return !document.querySelector('dialog[open]');
}

const visible = (el: HTMLElement) => el.getClientRects().length > 0;

/**
 * The request card to focus for j (+1) or k (-1): the next or previous visible card in the list
 * of the focused one; with none focused, the first visible card on the page.
 */
export function neighbourCard(active: Element | null, step: 1 | -1, root: ParentNode = document): HTMLElement | null {
  const current = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-request-card]') : null;
  if (!current) return [...root.querySelectorAll<HTMLElement>('main [data-request-card]')].find(visible) ?? null;
  const list = current.closest('[data-request-list]') ?? current.parentElement;
  const cards = [...(list?.querySelectorAll<HTMLElement>('[data-request-card]') ?? [])].filter(visible);
  const at = cards.indexOf(current);
  return cards[at + step] ?? null;
}

/**
 * The card to focus for l (+1) or h (-1): in the nearest list to the right or left that shows a
 * card (a board column), the card at the same place, or its last; with none focused, the first card.
 */
export function sideCard(active: Element | null, step: 1 | -1, root: ParentNode = document): HTMLElement | null {
  const cardsOf = (list: Element) => [...list.querySelectorAll<HTMLElement>('[data-request-card]')].filter(visible);
  const lists = [...root.querySelectorAll<HTMLElement>('main [data-request-list]')].filter(visible);
  const current = active instanceof HTMLElement ? active.closest<HTMLElement>('[data-request-card]') : null;
  const currentList = current?.closest<HTMLElement>('[data-request-list]') ?? (active instanceof HTMLElement ? active.closest<HTMLElement>('[data-request-list]') : null);
  if (!currentList) return neighbourCard(null, 1, root);
  const place = current ? cardsOf(currentList).indexOf(current) : 0;
  for (let i = lists.indexOf(currentList) + step; i >= 0 && i < lists.length; i += step) {
    const cards = cardsOf(lists[i]!);
    if (cards.length) return cards[Math.min(Math.max(place, 0), cards.length - 1)]!;
  }
  return null;
}

/** The page's search field ('/'): the first visible search input in the main area. */
export function searchField(root: ParentNode = document): HTMLInputElement | null {
  return [...root.querySelectorAll<HTMLInputElement>('main input[type="search"]')].find(visible) ?? null;
}
