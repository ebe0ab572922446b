import { useEffect, useId, useRef, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { ROUTING_CONDITION_TYPE_LABELS, ROUTING_CONDITION_TYPES, type RoutingConditionType } from '@common/enums';
import { CONDITION_LIMIT } from '@common/schemas/routing';
import { Button, Select } from '@web/components/ui';
import { emptyCondition, type ConditionDraft } from '../model/conditions';
import { ConditionFields, type ConditionErrors } from './condition-fields';

export interface ConditionEditorProps {
  conditions: ConditionDraft[];
  /** `index` is the condition that changed; undefined when one was added or removed. */
  onChange: (next: ConditionDraft[], index?: number) => void;
  /** Messages of each condition's parameters, by position. */
  errors?: (ConditionErrors | undefined)[];
  /** The list's own message ('En az bir koşul tanımlanmalıdır'). */
  error?: string;
}

/**
 * The rule's conditions (all must hold): each with the inputs of its type and a remove button,
 * and a type select with 'Koşul Ekle' below. A new condition takes the focus; a removed one
 * hands it to the add button.
 */
export function ConditionEditor({ conditions, onChange, errors = [], error }: ConditionEditorProps) {
  const [type, setType] = useState<RoutingConditionType>('bonus_type');
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const full = conditions.length >= CONDITION_LIMIT;

  const add = () => {
    const condition = emptyCondition(type);
    setFocusKey(condition.key);
    onChange([...conditions, condition]);
  };
  const remove = (index: number) => {
    onChange(conditions.filter((_, i) => i !== index));
    addButton.current?.focus();
  };

  return (
    <section aria-labelledby={`${errorId}-title`} aria-describedby={error ? errorId : undefined} className="flex flex-col gap-3">
      <div>
        <h3 id={`${errorId}-title`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          Koşullar <span className="font-normal text-zinc-500 dark:text-zinc-400">({conditions.length})</span>
        </h3>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Kural, koşulların hepsi sağlandığında eşleşir.</p>
      </div>
      {conditions.length > 0 && (
        <ol className="flex flex-col gap-3">
          {conditions.map((condition, index) => (
            <ConditionRow
              key={condition.key}
              index={index}
              condition={condition}
              errors={errors[index]}
              focus={condition.key === focusKey}
              onChange={(next) => onChange(conditions.map((c, i) => (i === index ? next : c)), index)}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <Select
          label="Eklenecek koşul türü"
          containerClassName="min-w-0 flex-1 sm:max-w-64"
          value={type}
          disabled={full}
          options={ROUTING_CONDITION_TYPES.map((t) => ({ value: t, label: ROUTING_CONDITION_TYPE_LABELS[t] }))}
          onChange={(e) => setType(e.target.value as RoutingConditionType)}
        />
        <Button ref={addButton} variant="outline" icon={Plus} onClick={add} disabled={full} className="h-10">
          Koşul Ekle
        </Button>
      </div>
      {full && <p className="text-xs text-zinc-500 dark:text-zinc-400">Bir kuralda en fazla {CONDITION_LIMIT} koşul olabilir.</p>}
    </section>
  );
}

function ConditionRow({
  index,
  condition,
  errors,
  focus,
  onChange,
  onRemove,
}: {
  index: number;
  condition: ConditionDraft;
  errors?: ConditionErrors;
  focus: boolean;
  onChange: (next: ConditionDraft) => void;
  onRemove: () => void;
}) {
  const ref = useRef<HTMLFieldSetElement>(null);
  const typeLabel = ROUTING_CONDITION_TYPE_LABELS[condition.conditionType];
  useEffect(() => {
    if (focus) ref.current?.querySelector<HTMLElement>('select, input')?.focus();
  }, [focus]);
  return (
    <li className="rounded-lg border border-zinc-200 bg-zinc-50/60 p-3 dark:border-zinc-800 dark:bg-zinc-950/40" data-condition-type={condition.conditionType}>
      <fieldset ref={ref} className="min-w-0">
        <legend className="sr-only">{`${index + 1}. koşul: ${typeLabel}`}</legend>
        <div className="mb-2 flex items-center justify-between gap-2">
          <p aria-hidden="true" className="text-sm font-semibold text-zinc-800 dark:text-zinc-200">
            {index + 1}. {typeLabel}
          </p>
          <Button variant="ghost" size="sm" icon={Trash2} onClick={onRemove} aria-label={`${index + 1}. koşulu kaldır (${typeLabel})`}>
            Kaldır
          </Button>
        </div>
        <ConditionFields condition={condition} errors={errors} onChange={onChange} />
      </fieldset>
    </li>
  );
}
