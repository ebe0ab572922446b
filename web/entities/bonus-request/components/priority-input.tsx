import { PRIORITY } from '@common/constants';
import { PRIORITY_FIELD_LABEL } from '@common/priority';
import { Input, type InputProps } from '@web/components/ui';

/** The form's 1–5 priority as a number field, wherever a priority is typed (the manual request, a routing rule's threshold). */
export function PriorityInput(props: Omit<InputProps, 'label' | 'type' | 'inputMode' | 'min' | 'max' | 'step'>) {
  return <Input label={PRIORITY_FIELD_LABEL} type="number" inputMode="numeric" min={PRIORITY.manualMin} max={PRIORITY.manualMax} step={1} {...props} />;
}
