import { Database, Globe, RefreshCw } from 'lucide-react';
import type { Project } from '@common/schemas/projects';
import { ActiveBadge } from '@web/components/user-badges';
import { Card, Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '@web/components/ui';
import { lastSyncText, ProjectActions, type ProjectActionHandlers } from './project-actions';

/** Grid view: one card per project. */
export function ProjectGrid({ projects, ...handlers }: ProjectActionHandlers & { projects: Project[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Projeler">
      {projects.map((p) => (
        <li key={p.id}>
          <Card className="flex h-full flex-col gap-3 p-5">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h3 className="truncate text-base font-semibold text-zinc-900 dark:text-zinc-50">{p.name}</h3>
                <p className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{p.code}</p>
              </div>
              <ActiveBadge active={p.isActive} />
            </div>
            <dl className="grid gap-1.5 text-sm text-zinc-600 dark:text-zinc-300">
              <div className="flex items-center gap-2">
                <Database aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
                <dt className="sr-only">Veritabanı</dt>
                <dd className="truncate">
                  {p.dbHost ? `${p.dbHost} / ${p.dbName}` : '—'}
                </dd>
              </div>
              <div className="flex items-center gap-2">
                <Globe aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
                <dt className="sr-only">Base URL</dt>
                <dd className="truncate">{p.baseUrl}</dd>
              </div>
              <div className="flex items-center gap-2">
                <RefreshCw aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />
                <dt className="sr-only">Son senkronizasyon</dt>
                <dd>{lastSyncText(p.lastSyncAt)}</dd>
              </div>
            </dl>
            <div className="mt-auto border-t border-zinc-100 pt-3 dark:border-zinc-800">
              <ProjectActions project={p} {...handlers} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** Table view of the same projects. */
export function ProjectTable({ projects, ...handlers }: ProjectActionHandlers & { projects: Project[] }) {
  return (
    <Card>
      <Table label="Projeler">
        <TableHead>
          <tr>
            <TableHeaderCell>Proje</TableHeaderCell>
            <TableHeaderCell>Veritabanı</TableHeaderCell>
            <TableHeaderCell>Base URL</TableHeaderCell>
            <TableHeaderCell>Son Senkronizasyon</TableHeaderCell>
            <TableHeaderCell>Durum</TableHeaderCell>
            <TableHeaderCell className="text-right">İşlemler</TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {projects.map((p) => (
            <TableRow key={p.id}>
              <TableCell>
                <p className="font-medium text-zinc-900 dark:text-zinc-100">{p.name}</p>
                <p className="font-mono text-xs text-zinc-500">{p.code}</p>
              </TableCell>
              <TableCell>
                {p.dbHost ? `${p.dbHost} / ${p.dbName}` : '—'}
              </TableCell>
              <TableCell className="max-w-56 truncate">{p.baseUrl}</TableCell>
              <TableCell className="whitespace-nowrap">{lastSyncText(p.lastSyncAt)}</TableCell>
              <TableCell>
                <ActiveBadge active={p.isActive} />
              </TableCell>
              <TableCell>
                <ProjectActions project={p} nowrap {...handlers} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}
