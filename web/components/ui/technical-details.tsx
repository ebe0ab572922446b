/** Internal ids and raw codes, for support: out of the way, never in place of the words people read. */
export function TechnicalDetails({ rows }: { rows: readonly (readonly [label: string, value: string | null])[] }) {
  return (
    <details className="text-xs text-zinc-600 dark:text-zinc-400">
      <summary className="cursor-pointer select-none">Teknik bilgiler</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows
          .filter(([, value]) => value !== null)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt>{label}</dt>
              <dd className="font-mono break-all">{value}</dd>
            </div>
          ))}
      </dl>
    </details>
  );
}
