import { byEvaluationOrder, type EngineRule } from './engine';

/**
 * The active rules of each project as the engine uses them, kept with the routing definition
 * version they were read at (routing_rule_versions: a new random value on every change of a
 * rule's definition or conditions, by any path). A routing session sends the version it holds
 * and reads the rules again only when the database has another one: a sync's batches, the
 * creations and the hand-outs of a project whose rules did not change read no rule definition.
 *
 * Keyed by project, checked by version: versions are random, so a version from another database
 * (tests run many in one process) never matches, and several instances on one database each
 * keep their own copy, checked at every session. The cursor (whom round robin chose last) is not
 * part of the definition: it is read fresh every time (`withCursors`).
 */
const MAX_PROJECTS = 1_000;
const byProject = new Map<number, { version: string; rules: readonly EngineRule[] }>();

/** The version held for the project, to send with the session's read; null when none is held. */
export function heldVersion(projectId: number): string | null {
  return byProject.get(projectId)?.version ?? null;
}

/** The rules held for the project at this version, or undefined when the read sent others. */
export function heldRules(projectId: number, version: string | null): readonly EngineRule[] | undefined {
  const held = byProject.get(projectId);
  return version !== null && held?.version === version ? held.rules : undefined;
}

/** Keeps the rules read at this version (evaluation order), dropping the longest-held project past the bound. */
export function holdRules(projectId: number, version: string | null, rules: EngineRule[]): readonly EngineRule[] {
  const sorted = Object.freeze(rules.map((r) => Object.freeze({ ...r, lastChosenUserId: null })).sort(byEvaluationOrder));
  if (version === null) return sorted;
  byProject.delete(projectId);
  byProject.set(projectId, { version, rules: sorted });
  if (byProject.size > MAX_PROJECTS) byProject.delete(byProject.keys().next().value!);
  return sorted;
}

/** A session's own copies of the rules (it moves round robin's cursor on them), with the cursors read now. */
export function withCursors(rules: readonly EngineRule[], cursors: Record<string, number | null>): EngineRule[] {
  return rules.map((r) => ({ ...r, lastChosenUserId: cursors[r.id] ?? null }));
}
