import { useEffect } from 'react';

export const PRODUCT_NAME = 'Bonus Panel';

/** The browser tab reads '<title> · Bonus Panel'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === PRODUCT_NAME ? PRODUCT_NAME : `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}
