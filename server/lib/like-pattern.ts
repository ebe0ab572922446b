/** `%search%` for LIKE/ILIKE with the search's own `\`, `%` and `_` taken literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
