import { BONUS_TYPE_LABELS, CUSTOMER_SEGMENT_LABELS } from '@common/enums';
import type { AgentSkills } from '@common/schemas/routing';
import { Badge } from '@web/components/ui';

import { AGENT_SKILL_TEXTS } from '../api/agent-skills-api';

export { AGENT_SKILL_TEXTS };

/**
 * The bonus types and customer segments the agent handles, as chips ('Yetenek Bazlı' routing
 * sends them only requests these cover). `skills` undefined while loading.
 */
export function AgentSkillChips({ skills, loading }: { skills: AgentSkills | undefined; loading?: boolean }) {
  if (!skills) return <p className="text-xs text-zinc-500 dark:text-zinc-400">{loading ? 'Yükleniyor...' : AGENT_SKILL_TEXTS.none}</p>;
  const chips = [
    ...skills.bonusTypes.map((t) => ({ key: `t-${t}`, text: BONUS_TYPE_LABELS[t], tone: 'info' as const })),
    ...skills.customerSegments.map((s) => ({ key: `s-${s}`, text: CUSTOMER_SEGMENT_LABELS[s], tone: 'default' as const })),
  ];
  if (chips.length === 0) return <p className="text-xs text-zinc-500 italic dark:text-zinc-400">{AGENT_SKILL_TEXTS.none}</p>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={AGENT_SKILL_TEXTS.title}>
      {chips.map((c) => (
        <li key={c.key}>
          <Badge tone={c.tone}>{c.text}</Badge>
        </li>
      ))}
    </ul>
  );
}
